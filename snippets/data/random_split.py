import torch
from torch import nn
from torch.utils.data import TensorDataset, random_split

dataset = TensorDataset(torch.arange(10))

# Fractions (or absolute lengths); an explicit generator makes the split independent of
# everything else.
train, val = random_split(
    dataset, [0.8, 0.2], generator=torch.Generator().manual_seed(42)
)
again, _ = random_split(
    dataset, [0.8, 0.2], generator=torch.Generator().manual_seed(42)
)
print(len(train), len(val), train.indices == again.indices)
# > 8 2 True
# a Subset: indices into the same dataset, no copy
print(type(val).__name__, val.dataset is dataset)
# > Subset True
print(sorted(train.indices + val.indices) == list(range(10)))  # disjoint and complete
# > True
# Absolute lengths must add up to len(dataset).
try:
    random_split(dataset, [5, 4])
except ValueError as e:
    print(e)
    # > Sum of input lengths does not equal the length of the input dataset!

# Without a generator it draws from the global RNG: any random call before it changes
# the split.
torch.manual_seed(0)
a, _ = random_split(dataset, [0.8, 0.2])
torch.manual_seed(0)
nn.Linear(4, 4)  # e.g. building the model first consumes random numbers
b, _ = random_split(dataset, [0.8, 0.2])
print(a.indices == b.indices)
# > False
