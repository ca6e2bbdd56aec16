import torch
from torch.utils.data import DataLoader, Dataset, get_worker_info


class Signals(Dataset):
    """8 signals of length 6; a random crop of 4 and a random flip in training."""

    def __init__(self, train):
        self.data = torch.arange(48.0).reshape(8, 6)
        self.train = train

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        info = get_worker_info()  # None in the main process
        worker = -1 if info is None else info.id
        x = self.data[i]
        if self.train:  # augment the training set only
            start = int(torch.randint(0, 3, ()))  # worker's torch RNG
            x = x[start : start + 4]
            if torch.rand(()) < 0.5:
                x = x.flip(0)
        else:
            x = x[1:5]  # a fixed center crop for validation
        return x, worker


if __name__ == "__main__":
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(0)
    train = DataLoader(Signals(train=True), batch_size=2, num_workers=2, generator=g)
    for epoch in range(2):
        batches = list(train)
        # which worker ran __getitem__ for each batch
        print(f"epoch {epoch} workers:", [w.tolist() for _, w in batches])
        # > epoch 0 workers: [[0, 0], [1, 1], [0, 0], [1, 1]]
        # > epoch 1 workers: [[0, 0], [1, 1], [0, 0], [1, 1]]
        print(f"epoch {epoch} sample 0:", batches[0][0][0].tolist())
        # > epoch 0 sample 0: [3.0, 2.0, 1.0, 0.0]
        # > epoch 1 sample 0: [0.0, 1.0, 2.0, 3.0]

    val = DataLoader(Signals(train=False), batch_size=2, num_workers=2)
    print("val sample 0, two epochs:", [next(iter(val))[0][0].tolist() for _ in "ab"])
    # > val sample 0, two epochs: [[1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0]]

    # The same generator seed gives the same augmentations: the workers' seeds are
    # base_seed + worker_id, and base_seed is drawn from the loader's generator.
    def first_epoch(seed, workers=2):
        g = torch.Generator().manual_seed(seed)
        loader = DataLoader(
            Signals(True), batch_size=2, num_workers=workers, generator=g
        )
        return torch.cat([x for x, _ in loader])

    print(
        torch.equal(first_epoch(1), first_epoch(1)),
        torch.equal(first_epoch(1), first_epoch(2)),
        torch.equal(first_epoch(1), first_epoch(1, workers=1)),  # other worker count
    )
    # > True False False
    # No workers: the generator's base seed seeds nothing, __getitem__ draws from the
    # global RNG, so only the same torch.manual_seed repeats the augmentations.
    runs = []
    for global_seed in (5, 5, 6):
        torch.manual_seed(global_seed)
        runs.append(first_epoch(1, workers=0))
    print(torch.equal(runs[0], runs[1]), torch.equal(runs[0], runs[2]))
    # > True False

    # On the GPU: one random draw per sample, applied to the whole batch at once.
    torch.manual_seed(0)
    xb = torch.arange(24.0).reshape(4, 6)  # a batch, after .to(device)
    flip = torch.rand(len(xb), device=xb.device) < 0.5  # the main process's RNG
    batched = torch.where(flip[:, None], xb.flip(1), xb)
    per_sample = torch.stack(
        [x.flip(0) if f else x for x, f in zip(xb, flip, strict=True)]
    )
    print(flip.tolist(), torch.equal(batched, per_sample))
    # > [True, False, True, True] True
