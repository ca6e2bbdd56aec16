from itertools import islice

import torch
from torch.utils.data import DataLoader, Dataset, Sampler


class Counted(Dataset):
    """Sample i is i; counts how many samples were loaded."""

    def __init__(self, n):
        self.n, self.loads = n, 0

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        self.loads += 1
        return i


def same(a, b):
    return len(a) == len(b) and all(
        torch.equal(x, y) for x, y in zip(a, b, strict=True)
    )


EPOCHS, STOP = 2, 3  # the run is interrupted after 3 batches of epoch 0

# The uninterrupted run: 2 epochs of 5 batches.
g = torch.Generator().manual_seed(0)
loader = DataLoader(Counted(20), batch_size=4, shuffle=True, generator=g)
full = [b for _ in range(EPOCHS) for b in loader]

# The interrupted run saves the generator's state from the start of the epoch.
g = torch.Generator().manual_seed(0)
loader = DataLoader(Counted(20), batch_size=4, shuffle=True, generator=g)
seen = []
epoch_start = g.get_state()  # before iter(loader) draws this epoch's order
for i, b in enumerate(loader):
    seen.append(b)
    if i + 1 == STOP:
        ckpt = {
            "epoch": 0,
            "batches": STOP,
            "gen": epoch_start,
            "gen_now": g.get_state(),
        }
        break


def resume(gen_state):
    g = torch.Generator()
    g.set_state(gen_state)
    data = Counted(20)
    loader = DataLoader(data, batch_size=4, shuffle=True, generator=g)
    out = []
    for epoch in range(ckpt["epoch"], EPOCHS):
        skip = ckpt["batches"] if epoch == ckpt["epoch"] else 0
        out += islice(loader, skip, None)  # the skipped batches are still loaded
    return out, data.loads


rest, loads = resume(ckpt["gen"])
print("resumed == uninterrupted:", same(seen + rest, full), "samples loaded:", loads)
# > resumed == uninterrupted: True samples loaded: 40
rest, _ = resume(ckpt["gen_now"])  # the state at the checkpoint: order already drawn
print("with the generator's state at the checkpoint:", same(seen + rest, full))
# > with the generator's state at the checkpoint: False


class OffsetSampler(Sampler):
    """A permutation per epoch from seed + epoch, started at an offset."""

    def __init__(self, n, seed=0):
        self.n, self.seed, self.epoch, self.start = n, seed, 0, 0

    def set_epoch(self, epoch, start=0):
        self.epoch, self.start = epoch, start

    def __iter__(self):
        g = torch.Generator().manual_seed(self.seed + self.epoch)
        yield from torch.randperm(self.n, generator=g)[self.start :].tolist()

    def __len__(self):
        return self.n - self.start


def run(first_epoch=0, start=0):
    data = Counted(20)
    sampler = OffsetSampler(20)
    loader = DataLoader(data, batch_size=4, sampler=sampler)
    out = []
    for epoch in range(first_epoch, EPOCHS):
        sampler.set_epoch(epoch, start if epoch == first_epoch else 0)
        out += list(loader)
    return out, data.loads


full, _ = run()
rest, loads = run(first_epoch=0, start=STOP * 4)  # the checkpoint: epoch, samples
print("offset sampler:", same(full[:STOP] + rest, full), "samples loaded:", loads)
# > offset sampler: True samples loaded: 28
