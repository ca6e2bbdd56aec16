import math

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
teacher = torch.randn(10, 4)


def make(n):  # 4 classes, a function of the inputs, 10% of labels wrong
    x = torch.randn(n, 10)
    y = (x @ teacher).argmax(dim=1)
    wrong = torch.rand(n) < 0.1
    y[wrong] = torch.randint(0, 4, (int(wrong.sum()),))
    return x, y


x_train, y_train = make(2000)
x_val, y_val = make(500)


def run(lr, n_train=2000, shuffle_labels=0.0):
    torch.manual_seed(1)
    x, y = x_train[:n_train], y_train[:n_train].clone()
    if shuffle_labels:  # the data bug: that share of labels no longer match the inputs
        moved = torch.randperm(n_train)[: int(shuffle_labels * n_train)]
        y[moved] = y[moved[torch.randperm(len(moved))]]
    model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 4))
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    train, val = [], []
    for _ in range(100):  # full-batch steps
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        train.append(loss.item())
        with torch.no_grad():
            val.append(F.cross_entropy(model(x_val), y_val).item())
    return train, val


print(f"chance: ln(4) = {math.log(4):.2f}")
# > chance: ln(4) = 1.39
runs = {
    "good lr": run(lr=0.1),
    "lr too high": run(lr=30.0),
    "lr too low": run(lr=1e-4),
    "overfitting": run(lr=0.1, n_train=100),
    "data bug": run(lr=0.1, n_train=100, shuffle_labels=1.0),
    "30% bug": run(lr=0.1, n_train=100, shuffle_labels=0.3),
}
for name, (train, val) in runs.items():
    best = min(range(100), key=val.__getitem__)
    print(
        f"{name:11} train {train[0]:.2f} -> {train[-1]:.2f}, max {max(train):.3g} | "
        f"val best {val[best]:.2f} at {best}, last {val[-1]:.2f}"
    )
    # > good lr     train 1.39 -> 0.55, max 1.39 | val best 0.55 at 99, last 0.55
    # > lr too high train 1.39 -> 47.88, max 1.21e+05 | val best 4.42 at 37, last 51.84
    # > lr too low  train 1.39 -> 1.38, max 1.39 | val best 1.37 at 99, last 1.37
    # > overfitting train 1.39 -> 0.03, max 1.39 | val best 0.79 at 21, last 1.16
    # > data bug    train 1.40 -> 0.15, max 1.4 | val best 1.42 at 3, last 3.54
    # > 30% bug     train 1.40 -> 0.14, max 1.4 | val best 1.04 at 18, last 1.95


def every_20(losses):  # steps 0, 20, 40, 60, 80 and 99: the shape of the curve
    return " ".join(f"{loss:.4g}" for loss in losses[::20] + losses[-1:])


for name in ("good lr", "lr too high", "lr too low"):
    train, val = runs[name]
    print(f"{name:11} train {every_20(train)}\n{'':11} val   {every_20(val)}")
    # > good lr     train 1.393 0.6931 0.5892 0.563 0.5529 0.5472
    # >             val   1.373 0.6837 0.5673 0.5554 0.5562 0.5531
    # > lr too high train 1.393 29.14 473.5 14.67 27.26 47.88
    # >             val   4.835 20.33 20.23 11 18.27 51.84
    # > lr too low  train 1.393 1.392 1.389 1.387 1.384 1.382
    # >             val   1.385 1.384 1.381 1.379 1.377 1.374
