import warnings

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 8), nn.Linear(8, 1))
with torch.no_grad():
    model[2].weight[0, 0] = float("inf")  # a bad weight: layer 2 makes inf and NaN
x, y = torch.randn(16, 4), torch.zeros(16, 1)

loss = F.mse_loss(model(x), y)
print(torch.isfinite(loss).item())  # already bad in the forward
# > False

# anomaly mode names the first backward node to see a NaN: the loss's own
with warnings.catch_warnings(record=True), torch.autograd.detect_anomaly():
    try:
        F.mse_loss(model(x), y).backward()
    except RuntimeError as e:
        print(e)
        # > Function 'MseLossBackward0' returned nan values in its 0th output.

# a forward hook on every module: the first output that is not finite
bad = []


def check(name):
    def hook(module, inputs, output):
        if not bad and not torch.isfinite(output).all():
            bad.append(f"{name} ({type(module).__name__})")

    return hook


for name, module in model.named_children():
    module.register_forward_hook(check(name))
model(x)
print("first non-finite output:", bad[0])
# > first non-finite output: 2 (Linear)
print(torch.isfinite(model[2].weight).all().item())  # and there, the cause
# > False
