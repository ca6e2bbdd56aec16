import torch
from torch.utils.data import DataLoader, Dataset, default_collate


class Squares(Dataset):
    """Map-style: random access by index, and a length."""

    def __init__(self, n):
        self.x = torch.arange(n, dtype=torch.float32)

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):  # one sample; the DataLoader does the batching
        return self.x[i], self.x[i] ** 2


# required wherever workers are started by spawn or forkserver
if __name__ == "__main__":
    dataset = Squares(10)
    loader = DataLoader(
        dataset,
        batch_size=4,
        shuffle=True,  # a new permutation every epoch
        num_workers=2,  # two worker processes build the batches
        # makes the permutations reproducible
        generator=torch.Generator().manual_seed(0),
    )
    print(len(dataset), len(loader))  # samples, batches
    # > 10 3
    for epoch in range(2):
        print(f"epoch {epoch}:", [xb.int().tolist() for xb, yb in loader])
        # > epoch 0: [[3, 7, 5, 2], [0, 8, 1, 6], [9, 4]]
        # > epoch 1: [[1, 3, 2, 7], [5, 9, 0, 6], [4, 8]]

    # The default collate: a tuple sample comes back as a LIST of batched fields,
    # each stacked with torch.stack.
    batch = next(iter(loader))
    print(type(batch).__name__, batch[0].shape, batch[1].dtype)
    # > list torch.Size([4]) torch.float32
    # A dict keeps its keys; Python floats become float64 tensors, ints int64.
    print(default_collate([{"x": 1.5, "n": 2}, {"x": 0.5, "n": 3}]))
    # > {'x': tensor([1.5000, 0.5000], dtype=torch.float64), 'n': tensor([2, 3])}
