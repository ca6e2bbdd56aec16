import math

import torch

torch.manual_seed(0)
x = torch.linspace(-math.pi, math.pi, 2001, dtype=torch.float64).unsqueeze(1)
y = torch.sin(x)
# 256 fixed random ReLU units, kinks at x = -b/w spread over the interval
w = torch.randn(1, 256, dtype=torch.float64)
b = -w * torch.empty(256, dtype=torch.float64).uniform_(-math.pi, math.pi)


def features(t, width):  # one hidden layer of the first `width` units, plus a bias
    return torch.cat(
        [torch.relu(t @ w[:, :width] + b[:, :width]), torch.ones_like(t)], 1
    )


# only the output layer is fitted, by least squares
for width in [2, 4, 8, 16, 32, 64, 128, 256]:
    H = features(x, width)
    out = torch.linalg.lstsq(H, y).solution
    err = H @ out - y
    print(
        f"width {width:3}: max |error| {err.abs().max().item():.1e},",
        f"rms {err.pow(2).mean().sqrt().item():.1e}",
    )
# the guarantee is on the compact set: outside it the fit is a straight line
far = torch.linspace(2 * math.pi, 3 * math.pi, 1001, dtype=torch.float64).unsqueeze(1)
print(f"{(features(far, 256) @ out - torch.sin(far)).abs().max().item():.1f}")
