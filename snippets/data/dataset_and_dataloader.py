import torch
from torch.utils.data import DataLoader, Dataset


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
    xb, yb = next(iter(loader))
    # the default collate stacked 4 samples into tensors
    print(xb.shape, yb.shape, yb.dtype)
    # > torch.Size([4]) torch.Size([4]) torch.float32
