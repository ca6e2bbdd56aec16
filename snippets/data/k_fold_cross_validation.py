import math

import torch
from torch import nn
from torch.utils.data import DataLoader, Subset, TensorDataset

torch.set_num_threads(1)  # one summation order for every machine's thread count
torch.manual_seed(0)
# Random labels: nothing generalizes, so honest validation accuracy is about 0.5.
dataset = TensorDataset(torch.randn(100, 10), torch.randint(0, 2, (100,)))
k = 5
g = torch.Generator().manual_seed(0)
folds = torch.randperm(100, generator=g).tensor_split(k)  # always k parts
print(
    [len(f) for f in folds],
    torch.equal(torch.cat(folds).sort().values, torch.arange(100)),
)
# > [20, 20, 20, 20, 20] True
# chunk(k) makes parts of ceil(n / k) and can return fewer than k of them
print(len(torch.arange(6).chunk(4)), len(torch.arange(6).tensor_split(4)))
# > 3 4


def make_model():
    return nn.Sequential(nn.Linear(10, 128), nn.ReLU(), nn.Linear(128, 2))


def full_batch(indices):
    return next(iter(DataLoader(Subset(dataset, indices), batch_size=len(indices))))


def train(model, indices, steps=100):
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)  # fresh optimizer too
    x, y = full_batch(indices)
    for _ in range(steps):
        opt.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        opt.step()


def accuracy(model, indices):
    x, y = full_batch(indices)
    return (model(x).argmax(1) == y).float().mean().item()


def cross_validate(fresh):
    model = make_model()
    scores = []
    for i in range(k):
        val_idx = folds[i].tolist()
        train_idx = torch.cat([f for j, f in enumerate(folds) if j != i]).tolist()
        if fresh:
            model = make_model()  # a new model for every fold
        train(model, train_idx)
        scores.append(round(accuracy(model, val_idx), 2))
    return scores


print("fresh model per fold:", cross_validate(fresh=True))
# > fresh model per fold: [0.5, 0.55, 0.65, 0.45, 0.5]
print("one model reused:    ", cross_validate(fresh=False))
# > one model reused:     [0.6, 0.9, 0.9, 1.0, 1.0]

# Why deep learning rarely does it: k folds cost k training runs, and a large
# validation set already measures accuracy with a small standard error.
for n in (20, 50_000):
    print(f"n={n}: standard error of a 0.5 accuracy {math.sqrt(0.25 / n):.4f}")
    # > n=20: standard error of a 0.5 accuracy 0.1118
    # > n=50000: standard error of a 0.5 accuracy 0.0022
