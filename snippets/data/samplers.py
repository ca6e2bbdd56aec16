import textwrap

import torch
from torch.utils.data import (
    BatchSampler,
    DataLoader,
    SequentialSampler,
    SubsetRandomSampler,
    TensorDataset,
    WeightedRandomSampler,
)

labels = torch.tensor([0] * 90 + [1] * 10)  # 9:1 class imbalance
dataset = TensorDataset(torch.randn(100, 2), labels)
g = torch.Generator().manual_seed(0)

# WeightedRandomSampler: weight each sample by 1 / (size of its class), draw with
# replacement.
class_weight = 1.0 / torch.bincount(labels).float()
sampler = WeightedRandomSampler(
    class_weight[labels], num_samples=len(dataset), replacement=True, generator=g
)
drawn = torch.cat([yb for _, yb in DataLoader(dataset, batch_size=20, sampler=sampler)])
# roughly balanced per epoch
print(torch.bincount(labels).tolist(), "->", torch.bincount(drawn).tolist())
# > [90, 10] -> [53, 47]
# Without replacement each index comes at most once: a new order, the same 90:10 mix.
no_repeat = WeightedRandomSampler(
    class_weight[labels],
    num_samples=len(dataset),
    replacement=False,
    generator=torch.Generator().manual_seed(0),
)
print(torch.bincount(labels[list(no_repeat)]).tolist())
# > [90, 10]

# SubsetRandomSampler: a fresh order of the same fixed indices (say, a fold) each epoch.
subset = SubsetRandomSampler([0, 1, 2, 3, 95, 96], generator=g)
print(list(subset), list(subset))
# > [1, 95, 96, 0, 3, 2] [96, 95, 2, 0, 1, 3]
# The same generator seed, the same order (without one, each pass draws from the
# global RNG and gets a new order).
folds = [[0, 1, 2, 3, 95, 96]] * 2
orders = [list(SubsetRandomSampler(f, torch.Generator().manual_seed(1))) for f in folds]
print(orders[0] == orders[1])
# > True

# batch_sampler yields whole batches of indices; the DataLoader then does no batching of
# its own.
batches = BatchSampler(SequentialSampler(range(7)), batch_size=3, drop_last=False)
print(list(batches))
# > [[0, 1, 2], [3, 4, 5], [6]]

# A sampler decides the order, so it cannot be combined with shuffle=True.
try:
    DataLoader(dataset, sampler=sampler, shuffle=True)
except ValueError as e:
    print(e)
    # > sampler option is mutually exclusive with shuffle
try:
    DataLoader(dataset, batch_sampler=batches, batch_size=3)
except ValueError as e:
    print(textwrap.fill(str(e), 80))
    # > batch_sampler option is mutually exclusive with batch_size, shuffle, sampler,
    # > and drop_last

# torch.multinomial, which WeightedRandomSampler draws with, takes at most 2**24
# categories: the sampler is built, and fails at its first iter.
ones = torch.ones(1, dtype=torch.double)  # expanded: no 128 MiB of weights
too_many = WeightedRandomSampler(ones.expand(2**24 + 1), num_samples=10)
try:
    next(iter(too_many))
except RuntimeError as e:
    print(e)
    # > number of categories cannot exceed 2^24
