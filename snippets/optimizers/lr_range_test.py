import math

import torch

torch.manual_seed(0)
X = torch.randn(2048, 20)
y = (X[:, :5] + 0.3 * torch.randn(2048, 5)).argmax(1)


def make():
    torch.manual_seed(1)
    return torch.nn.Sequential(
        torch.nn.Linear(20, 64), torch.nn.ReLU(), torch.nn.Linear(64, 5)
    )


def batches(steps, B=64):
    g = torch.Generator().manual_seed(2)
    for _ in range(steps):
        i = torch.randint(0, len(X), (B,), generator=g)
        yield X[i], y[i]


# torch's defaults are placeholders, not tuned values
p = torch.nn.Parameter(torch.zeros(1))
for cls in (torch.optim.SGD, torch.optim.Adam, torch.optim.AdamW, torch.optim.RMSprop):
    print(cls.__name__, cls([p]).defaults["lr"])
    # > SGD 0.001
    # > Adam 0.001
    # > AdamW 0.001
    # > RMSprop 0.01

# LR range test (Smith 2017): one short run, lr growing exponentially each step
model = make()
opt = torch.optim.SGD(model.parameters(), lr=1e-4, momentum=0.9)
steps, lr_min, lr_max = 100, 1e-4, 10.0
sched = torch.optim.lr_scheduler.ExponentialLR(
    opt, gamma=(lr_max / lr_min) ** (1 / steps)
)
smooth, best, record = None, math.inf, []
for xb, yb in batches(steps):
    lr = sched.get_last_lr()[0]
    loss = torch.nn.functional.cross_entropy(model(xb), yb)
    opt.zero_grad()
    loss.backward()
    opt.step()
    sched.step()
    smooth = loss.item() if smooth is None else 0.9 * smooth + 0.1 * loss.item()
    record.append((lr, smooth))
    best = min(best, smooth)
    if smooth > 4 * best:  # diverging: stop the test
        break
for lr, s in record[::10]:
    print(f"{lr:.0e} {s:.2f}")
    # > 1e-04 1.67
    # > 3e-04 1.63
    # > 1e-03 1.61
    # > 3e-03 1.59
    # > 1e-02 1.56
    # > 3e-02 1.48
    # > 1e-01 1.25
    # > 3e-01 0.85
    # > 1e+00 1.22
lr_at_min = min(record, key=lambda r: r[1])[0]
print(f"lowest loss at lr {lr_at_min:.1e}, diverged by {record[-1][0]:.1e}")
# > lowest loss at lr 4.5e-01, diverged by 2.5e+00


# Check the pick: train 200 steps at a few fixed lrs
def train(lr):
    model = make()
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    for xb, yb in batches(200):
        loss = torch.nn.functional.cross_entropy(model(xb), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return torch.nn.functional.cross_entropy(model(X), y).item()


for lr in (1e-3, 1e-2, lr_at_min / 10, lr_at_min):
    print(f"{lr:.1e} {train(lr):.3f}")
    # > 1.0e-03 1.405
    # > 1.0e-02 0.533
    # > 4.5e-02 0.391
    # > 4.5e-01 0.798
