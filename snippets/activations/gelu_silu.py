import math

import torch
from torch import nn

torch.manual_seed(0)
x = torch.linspace(-6, 6, 120001, dtype=torch.float64)
exact = nn.GELU()(x)  # x * Phi(x), Phi the standard normal CDF
tanh_approx = nn.GELU(approximate="tanh")(x)
phi = 0.5 * (1 + torch.erf(x / math.sqrt(2)))
print(torch.allclose(exact, x * phi))
# > True
inner = math.sqrt(2 / math.pi) * (x + 0.044715 * x**3)
print(torch.allclose(tanh_approx, 0.5 * x * (1 + torch.tanh(inner))))
# > True
# how far is the tanh form from the exact curve?
gap = (exact - tanh_approx).abs()
print(f"max gap {gap.max():.1e} at |x| = {x[gap.argmax()].abs():.2f}")
# > max gap 4.7e-04 at |x| = 2.70
# the paper's cruder x * sigmoid(1.702 x)
print(f"{(exact - x * torch.sigmoid(1.702 * x)).abs().max():.1e}")
# > 2.0e-02

silu = nn.SiLU()(x)  # x * sigmoid(x): Swish with beta = 1
print(torch.allclose(silu, x * torch.sigmoid(x)))
# > True
# both dip below zero, then return to 0 for large negative x (not monotonic)
for name, y in (("GELU", exact), ("SiLU", silu), ("ReLU", torch.relu(x))):
    print(f"{name}: min {y.min():.4f} at x = {x[y.argmin()]:.3f}, f(-6) = {y[0]:.1e}")
    # > GELU: min -0.1700 at x = -0.752, f(-6) = -5.9e-09
    # > SiLU: min -0.2785 at x = -1.278, f(-6) = -1.5e-02
    # > ReLU: min 0.0000 at x = -6.000, f(-6) = 0.0e+00
# values a candidate can quote: f(1) and the slope at 0
one = torch.tensor([0.0, 1.0], dtype=torch.float64, requires_grad=True)
for f in (nn.GELU(), nn.GELU(approximate="tanh"), nn.SiLU()):
    y = f(one)
    (g,) = torch.autograd.grad(y.sum(), one)
    print(f, f"f(1) = {y[1]:.4f}, f'(0) = {g[0]:.2f}")
    # > GELU(approximate='none') f(1) = 0.8413, f'(0) = 0.50
    # > GELU(approximate='tanh') f(1) = 0.8412, f'(0) = 0.50
    # > SiLU() f(1) = 0.7311, f'(0) = 0.50
