import math

import torch
from torch import nn
from torch.nn.utils.parametrizations import spectral_norm

torch.manual_seed(0)
grid = torch.linspace(-6, 6, 2401, dtype=torch.float64)
dx = grid[1] - grid[0]


def kl(p, q):
    keep = p > 1e-30  # 0 log 0 = 0; skip the underflowed tail
    return (p[keep] * (p[keep] / q[keep]).log()).sum()


def density(center, std=0.05):
    p = torch.exp(-0.5 * ((grid - center) / std) ** 2)
    return p / p.sum()


# 1) the real data and a generator far from it: JS divergence (what the original
# GAN's optimal D measures) is log 2 whatever the distance; Wasserstein-1 is not
real = density(0.0)
for shift in (0.5, 1.0, 3.0):
    fake = density(shift)
    m = (real + fake) / 2
    js = 0.5 * kl(real, m) + 0.5 * kl(fake, m)
    w1 = (real.cumsum(0) - fake.cumsum(0)).abs().sum() * dx
    print(f"shift {shift}: JS {js:.4f} (log 2 = {math.log(2):.4f}), W1 {w1:.2f}")
    # > shift 0.5: JS 0.6931 (log 2 = 0.6931), W1 0.50
    # > shift 1.0: JS 0.6931 (log 2 = 0.6931), W1 1.00
    # > shift 3.0: JS 0.6931 (log 2 = 0.6931), W1 3.00

# 2) mode collapse: against a fixed D, the generator's best reply is a point mass
# data has modes at -2 and +2; this D happens to score +2 a little higher
d_of_x = 0.8 * density(-2.0, 0.5) / density(-2.0, 0.5).max()
d_of_x = d_of_x + 0.9 * density(2.0, 0.5) / density(2.0, 0.5).max()
g_logits = torch.zeros_like(grid, requires_grad=True)  # G = a softmax over the grid
opt = torch.optim.Adam([g_logits], lr=0.5)
for _ in range(200):
    g = g_logits.softmax(0)
    loss = -(g * d_of_x.clamp_min(1e-6).log()).sum()  # E_G[-log D(x)]
    opt.zero_grad()
    loss.backward()
    opt.step()
g = g_logits.softmax(0).detach()
print(f"G's mass near +2: {g[grid > 0].sum():.3f}, near -2: {g[grid < 0].sum():.3f}")
# > G's mass near +2: 1.000, near -2: 0.000

# 3) one stabilizer: spectral norm caps each D layer's largest singular value at 1
layer = spectral_norm(nn.Linear(64, 64))
raw = layer.parametrizations.weight.original  # the trained parameter
sigma = torch.linalg.matrix_norm
# weight = raw / (power-iteration estimate of sigma_max); in train mode each
# access (each forward) runs one more iteration, refining the estimate
for steps in (0, 100):
    with torch.no_grad():
        for _ in range(steps):
            layer.weight  # noqa: B018
    print(f"raw {sigma(raw, 2):.3f}, used {sigma(layer.weight, 2):.3f}")
    # > raw 1.137, used 1.034
    # > raw 1.137, used 1.000
