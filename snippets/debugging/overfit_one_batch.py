import math

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
x = torch.randn(16, 20)  # ONE batch, reused every step
y = torch.randint(0, 10, (16,))  # even random labels can be memorised


def mlp(softmax=False):
    layers = [nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 10)]
    return nn.Sequential(*layers, *([nn.Softmax(dim=1)] if softmax else []))


def overfit(model, lr=1e-2, step=True, zero_grad=True, labels=y):
    trainable = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.Adam(trainable, lr=lr)
    for i in range(100):
        loss = F.cross_entropy(model(x), labels)
        if i == 0:
            first = loss.item()
        if zero_grad:
            opt.zero_grad()
        loss.backward()
        if step:
            opt.step()
    return first, loss.item()


frozen = mlp()
frozen[0].requires_grad_(False)
runs = {
    "correct": overfit(mlp()),
    # caught: the loss stays up
    "missing opt.step()": overfit(mlp(), step=False),
    "softmax before CE": overfit(mlp(softmax=True)),
    # not caught: one batch can be memorised anyway
    "missing zero_grad()": overfit(mlp(), zero_grad=False),
    "labels shifted by one": overfit(mlp(), labels=y.roll(1)),
    "first layer frozen": overfit(frozen),
    # no bug, and it fails: rule out the learning rate first
    "correct, lr=1e-5": overfit(mlp(), lr=1e-5),
}
for name, (first, last) in runs.items():
    print(f"{name:22} {first:.2f} -> {last:.3f}")
    # > correct                2.33 -> 0.000
    # > missing opt.step()     2.42 -> 2.423
    # > softmax before CE      2.31 -> 1.461
    # > missing zero_grad()    2.32 -> 0.000
    # > labels shifted by one  2.32 -> 0.000
    # > first layer frozen     2.38 -> 0.062
    # > correct, lr=1e-5       2.32 -> 2.294
print(f"ln(10) = {math.log(10):.2f}, ln(1 + 9/e) = {math.log(1 + 9 / math.e):.3f}")
# > ln(10) = 2.30, ln(1 + 9/e) = 1.461
# the floor for C classes: CE of perfect one-hot "logits" is ln(1 + (C - 1)/e)
for C in (3, 10, 100):
    floor = F.cross_entropy(torch.eye(C), torch.arange(C)).item()
    print(C, f"{floor:.3f}", f"{math.log(1 + (C - 1) / math.e):.3f}")
    # > 3 0.551 0.551
    # > 10 1.461 1.461
    # > 100 3.622 3.622
