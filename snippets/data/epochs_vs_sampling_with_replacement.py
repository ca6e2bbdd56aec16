import math

import torch
from torch.utils.data import RandomSampler

torch.manual_seed(0)
n = 10_000
data = torch.randn(n)  # one number per sample, e.g. its loss
for replacement in (False, True):
    g = torch.Generator().manual_seed(0)
    sampler = RandomSampler(
        range(n), replacement=replacement, num_samples=3 * n, generator=g
    )
    idx = torch.tensor(list(sampler))
    first = idx[:n]  # the first n draws: one epoch's worth
    unique = first.unique().numel() / n
    counts = torch.bincount(idx, minlength=n)  # after 3 epochs' worth of draws
    print(f"replacement={replacement}: unique in n draws {unique:.3f}")
    # > replacement=False: unique in n draws 1.000
    # > replacement=True: unique in n draws 0.629
    print(f"  draws per sample in 3n draws: {counts.min()}..{counts.max()}")
    # >   draws per sample in 3n draws: 3..3
    # >   draws per sample in 3n draws: 0..11
    # the mean over one epoch's draws against the dataset's mean
    print(f"  error of the epoch mean: {abs(data[first].mean() - data.mean()):.4f}")
    # >   error of the epoch mean: 0.0000
    # >   error of the epoch mean: 0.0046
print(f"1 - 1/e = {1 - 1 / math.e:.3f}")
# > 1 - 1/e = 0.632
