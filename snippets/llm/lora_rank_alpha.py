import math

import torch
from torch import nn

torch.manual_seed(0)
d, alpha = 64, 16
base = nn.Linear(d, d, bias=False).requires_grad_(False)
x, target = torch.randn(32, d), torch.randn(32, d)


def lora_grads(r, init_a, init_b, scale):
    A = nn.Parameter(init_a(r))
    B = nn.Parameter(init_b(r))
    y = base(x) + scale * (x @ A.T) @ B.T
    equal_to_base = torch.equal(y, base(x))
    ((y - target) ** 2).mean().backward()
    return equal_to_base, A.grad.norm().item(), B.grad.norm().item()


def rand_a(r):
    return torch.randn(r, d) / math.sqrt(d)


def zeros_b(r):
    return torch.zeros(d, r)


def zeros_a(r):
    return torch.zeros(r, d)


def rand_b(r):
    return torch.randn(d, r) / math.sqrt(r)


for name, ia, ib in [
    ("A random, B zero", rand_a, zeros_b),
    ("A zero,   B random", zeros_a, rand_b),
    ("A zero,   B zero", zeros_a, zeros_b),
    ("A random, B random", rand_a, rand_b),
]:
    same, ga, gb = lora_grads(8, ia, ib, alpha / 8)
    print(f"{name:18s} as base: {same!s:5s} |grad A| {ga:.3f}  |grad B| {gb:.3f}")
    # > A random, B zero   as base: True  |grad A| 0.000  |grad B| 0.303
    # > A zero,   B random as base: True  |grad A| 0.954  |grad B| 0.000
    # > A zero,   B zero   as base: True  |grad A| 0.000  |grad B| 0.000
    # > A random, B random as base: False |grad A| 5.095  |grad B| 1.170


# the update's size after one Adam step, as r grows: alpha/r vs alpha/sqrt(r)
def update_norm(r, scale, lr=1e-3):
    torch.manual_seed(1)
    A = rand_a(r)
    B = nn.Parameter(zeros_b(r))
    opt = torch.optim.Adam([B], lr=lr)  # A's gradient is 0 while B is 0
    y = base(x) + scale * (x @ A.T) @ B.T
    ((y - target) ** 2).mean().backward()
    opt.step()
    with torch.no_grad():
        delta = scale * B @ A  # the change of the effective weight
    return delta.norm().item()


for r in (4, 16, 64):
    print(
        f"r={r:2d}  alpha/r: {update_norm(r, alpha / r):.4f}",
        f"  alpha/sqrt(r) (rsLoRA): {update_norm(r, alpha / math.sqrt(r)):.4f}",
    )
    # > r= 4  alpha/r: 0.0680   alpha/sqrt(r) (rsLoRA): 0.1361
    # > r=16  alpha/r: 0.0357   alpha/sqrt(r) (rsLoRA): 0.1427
    # > r=64  alpha/r: 0.0206   alpha/sqrt(r) (rsLoRA): 0.1651
