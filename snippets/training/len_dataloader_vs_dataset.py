import torch
from torch import nn
from torch.utils.data import (
    DataLoader,
    DistributedSampler,
    IterableDataset,
    SubsetRandomSampler,
    TensorDataset,
    WeightedRandomSampler,
)

torch.manual_seed(0)
dataset = TensorDataset(torch.randn(100, 3), torch.randint(0, 2, (100,)))
loader = DataLoader(dataset, batch_size=32)

print(len(dataset), len(loader))  # samples vs batches: ceil(100 / 32) = 4
# > 100 4
# floor(100 / 32): the last 4 samples dropped
print(len(DataLoader(dataset, batch_size=32, drop_last=True)))
# > 3

# In general ceil(len(sampler) / batch_size): the sampler decides the sample count
half = SubsetRandomSampler(range(50))
weighted = WeightedRandomSampler(torch.ones(100), num_samples=320)
print(
    len(DataLoader(dataset, batch_size=32, sampler=half)),  # ceil(50 / 32)
    len(DataLoader(dataset, batch_size=32, sampler=weighted)),  # ceil(320 / 32)
    len(DataLoader(dataset, batch_size=None)),  # no batching: one sample per step
)
# > 2 10 100

model = nn.Linear(3, 2)
correct = 0
with torch.no_grad():
    for x, y in loader:
        correct += (model(x).argmax(dim=1) == y).sum().item()
print(correct / len(loader))  # the bug: correct samples per BATCH, can exceed 1
# > 14.25
print(correct / len(loader.dataset))  # accuracy: correct samples per sample
# > 0.57

# len(loader.dataset) is right only when the sampler visits each sample once
seen = sum(len(y) for _, y in DataLoader(dataset, batch_size=32, sampler=half))
print(seen, len(dataset))
# > 50 100

# DistributedSampler (here without a process group: 3 ranks by hand) pads by repeating
# samples so every rank gets as many; drop_last=True cuts the tail instead
for drop_last in (False, True):
    counts = [
        len(DistributedSampler(dataset, 3, rank, shuffle=False, drop_last=drop_last))
        for rank in range(3)
    ]
    print(counts, sum(counts))
    # > [34, 34, 34] 102
    # > [33, 33, 33] 99


# An IterableDataset has no sampler: len(loader) comes from len(dataset), and a stream
# without __len__ has none
class Stream(IterableDataset):
    def __iter__(self):
        return iter(range(10))


try:
    len(DataLoader(Stream(), batch_size=4))
except TypeError as e:
    print(e)
    # > object of type 'Stream' has no len()
