import torch
from torch import nn
from torch.utils.data import Dataset, Subset, TensorDataset, random_split

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


# Both Subsets hold the same dataset object: a transform set "for validation" through
# one of them is the training split's transform too.
class Numbers(Dataset):
    def __init__(self, transform):
        self.transform = transform

    def __len__(self):
        return 10

    def __getitem__(self, i):
        return self.transform(i)


def augment(i):
    return -i  # stands in for a random flip or crop


def plain(i):
    return i


split = torch.Generator().manual_seed(42)
train, val = random_split(Numbers(augment), [0.8, 0.2], generator=split)
val.dataset.transform = plain  # meant for validation only
# the same object; training's first sample is no longer augmented (-2)
print(train.dataset is val.dataset, train.indices[0], train[0])
# > True 2 2
# One dataset per transform, and the split's indices into each.
train = Subset(Numbers(augment), train.indices)
val = Subset(Numbers(plain), val.indices)
print(train.indices[0], train[0], val.indices[0], val[0])
# > 2 -2 3 3

# random_split permutes all indices and never looks at labels: it does not stratify.
labels = torch.tensor([0] * 16 + [1] * 4)  # a rare class: 20%, so 1 of 4 in validation
for seed in (0, 3):
    g = torch.Generator().manual_seed(seed)
    _, val = random_split(labels, [0.8, 0.2], generator=g)
    print("seed", seed, "rare samples in validation:", labels[val.indices].sum().item())
    # > seed 0 rare samples in validation: 0
    # > seed 3 rare samples in validation: 2
# Stratified: split each class's indices with the same fractions.
g = torch.Generator().manual_seed(0)
val_idx = []
for c in labels.unique():
    idx = (labels == c).nonzero().flatten()
    idx = idx[torch.randperm(len(idx), generator=g)]
    val_idx += idx[: round(0.2 * len(idx))].tolist()
print(f"stratified: {len(val_idx)} in validation, {labels[val_idx].sum()} rare")
# > stratified: 4 in validation, 1 rare
