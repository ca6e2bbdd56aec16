import math

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
x = torch.randn(16, 20)  # ONE batch, reused every step
y = torch.randint(0, 10, (16,))  # even random labels can be memorised


def overfit(model, steps=100):
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for step in range(steps):
        loss = F.cross_entropy(model(x), y)
        if step == 0:
            first = loss.item()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return first, loss.item()


model = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 10))
first, last = overfit(model)
# starts near ln(10) = 2.30, ends near 0
print(abs(first - math.log(10)) < 0.2, last < 1e-2)
# > True True

# softmax before CE
buggy = nn.Sequential(
    nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 10), nn.Softmax(dim=1)
)
first, last = overfit(buggy)
# stuck: cross_entropy applies log_softmax again, the loss can't go below ~1.46
print(last > 1.4)
# > True
