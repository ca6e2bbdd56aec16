import math

import torch

torch.manual_seed(0)
x = torch.linspace(-math.pi, math.pi, 2001, dtype=torch.float64).unsqueeze(1)
y = torch.sin(x)
# 256 fixed random ReLU units, kinks at x = -b/w spread over the interval
w = torch.randn(1, 256, dtype=torch.float64)
b = -w * torch.empty(256, dtype=torch.float64).uniform_(-math.pi, math.pi)


def features(t, width, act=torch.relu):  # the first `width` units, plus a bias
    return torch.cat([act(t @ w[:, :width] + b[:, :width]), torch.ones_like(t)], 1)


# only the output layer is fitted, by least squares
for width in [2, 4, 8, 16, 32, 64, 128, 256]:
    H = features(x, width)
    out = torch.linalg.lstsq(H, y).solution
    err = H @ out - y
    print(
        f"width {width:3}: max |error| {err.abs().max().item():.1e},",
        f"rms {err.pow(2).mean().sqrt().item():.1e}",
    )
    # > width   2: max |error| 9.6e-01, rms 4.2e-01
    # > width   4: max |error| 9.9e-01, rms 3.8e-01
    # > width   8: max |error| 2.2e-01, rms 8.5e-02
    # > width  16: max |error| 1.3e-01, rms 3.6e-02
    # > width  32: max |error| 2.6e-02, rms 7.4e-03
    # > width  64: max |error| 1.3e-02, rms 2.2e-03
    # > width 128: max |error| 3.6e-03, rms 5.2e-04
    # > width 256: max |error| 1.7e-03, rms 2.5e-04
# the guarantee is on the compact set: outside it the fit is a straight line
far = torch.linspace(2 * math.pi, 3 * math.pi, 1001, dtype=torch.float64).unsqueeze(1)
print(f"{(features(far, 256) @ out - torch.sin(far)).abs().max().item():.1f}")
# > 6.3
# a polynomial activation is not universal: x**2 units span only quadratics
for width in [2, 256]:
    H = features(x, width, torch.square)
    err = H @ torch.linalg.lstsq(H, y).solution - y
    print(f"x**2, width {width:3}: max |error| {err.abs().max().item():.2f}")
    # > x**2, width   2: max |error| 0.95
    # > x**2, width 256: max |error| 0.95
