import math

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
teacher = torch.randn(10, 4)


def make(n):  # 4 classes, a function of the inputs; 10% of labels redrawn at random
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
    if shuffle_labels:  # the data bug: that share of labels permuted among themselves
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


print(f"untrained: ln(4) = {math.log(4):.2f}")
# > untrained: ln(4) = 1.39
freq = torch.bincount(y_train, minlength=4) / len(y_train)  # classes are unbalanced
no_signal = F.cross_entropy(freq.log().expand(len(y_val), 4), y_val)
print(f"no signal (predict the class frequencies): {no_signal:.2f}")
# > no signal (predict the class frequencies): 1.36
runs = {
    "good lr": run(lr=0.1),
    "lr too high": run(lr=30.0),
    "lr too low": run(lr=1e-4),
    "overfitting": run(lr=0.1, n_train=100),
    "data bug": run(lr=0.1, n_train=100, shuffle_labels=1.0),
    "bug, 2000": run(lr=0.1, shuffle_labels=1.0),
    "30% bug": run(lr=0.1, n_train=100, shuffle_labels=0.3),
}
for name, (train, val) in runs.items():
    if name == "lr too high":  # printed on its own below
        continue
    best = min(range(100), key=val.__getitem__)
    print(
        f"{name:11} train {train[0]:.2f} -> {train[-1]:.2f} | "
        f"val best {val[best]:.2f} at {best}, last {val[-1]:.2f}"
    )
    # > good lr     train 1.39 -> 0.55 | val best 0.55 at 99, last 0.55
    # > lr too low  train 1.39 -> 1.38 | val best 1.37 at 99, last 1.37
    # > overfitting train 1.39 -> 0.03 | val best 0.79 at 21, last 1.16
    # > data bug    train 1.40 -> 0.15 | val best 1.42 at 3, last 3.54
    # > bug, 2000   train 1.44 -> 1.32 | val best 1.35 at 5, last 1.45
    # > 30% bug     train 1.40 -> 0.14 | val best 1.04 at 18, last 1.95


def every_20(losses):  # steps 0, 20, 40, 60, 80 and 99: the shape of the curve
    return " ".join(f"{loss:.4g}" for loss in losses[::20] + losses[-1:])


for name in ("good lr", "lr too low"):
    train, val = runs[name]
    print(f"{name:11} train {every_20(train)}\n{'':11} val   {every_20(val)}")
    # > good lr     train 1.393 0.6931 0.5892 0.563 0.5529 0.5472
    # >             val   1.373 0.6837 0.5673 0.5554 0.5562 0.5531
    # > lr too low  train 1.393 1.392 1.389 1.387 1.384 1.382
    # >             val   1.385 1.384 1.381 1.379 1.377 1.374

train, val = runs["lr too high"]
peak = max(range(100), key=train.__getitem__)
print(f"lr too high: steps 0-3 {' '.join(f'{v:.4g}' for v in train[:4])}")
# > lr too high: steps 0-3 1.393 4.61 181.8 4326
print(f"peak {train[peak]:.3g} at step {peak}")
# > peak 1.21e+05 at step 9
print(f"ends above its start: {train[-1] > train[0]}")
# > ends above its start: True
print(f"validation above ln(4) at every step: {min(val) > math.log(4)}")
# > validation above ln(4) at every step: True
