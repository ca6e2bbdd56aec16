import math

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
x = torch.zeros(3, requires_grad=True)
print(x / x.norm())  # 0 / 0 in the forward pass: NaN before any backward
# > tensor([nan, nan, nan], grad_fn=<DivBackward0>)
print(F.normalize(x, dim=0))  # divides by max(norm, eps)
# > tensor([0., 0., 0.], grad_fn=<DivBackward0>)

p = torch.zeros(2, requires_grad=True)
torch.log(p).sum().backward()
print(p.grad)  # d/dp log(p) = 1/p: inf at 0
# > tensor([inf, inf])
p.grad = None
torch.log(p.clamp(min=1e-12)).sum().backward()
print(p.grad)  # clamped elements pass no gradient
# > tensor([0., 0.])

big = torch.tensor([300.0], dtype=torch.float16)
print(big * big, torch.finfo(torch.float16).max)  # 90000 overflows fp16
# > tensor([inf], dtype=torch.float16) 65504.0
# round to nearest: up to 65519 rounds down to 65504, from 65520 up to inf
print(torch.tensor([65519.0, 65520.0]).half())
# > tensor([65504.,    inf], dtype=torch.float16)
print(big.bfloat16() * big.bfloat16())  # bf16 has float32's range
# > tensor([90112.], dtype=torch.bfloat16)

inputs = torch.tensor([[1.0, float("nan")]])  # one bad value in the data
print(F.mse_loss(nn.Linear(2, 1)(inputs), torch.zeros(1, 1)))
# > tensor(nan, grad_fn=<MseLossBackward0>)

# a learning rate that diverges: every step overshoots further, to inf, then NaN
model = nn.Linear(10, 1)
x, y = torch.randn(64, 10), torch.randn(64, 1)
opt = torch.optim.SGD(model.parameters(), lr=10.0)
losses = []
for _ in range(30):
    loss = F.mse_loss(model(x), y)
    losses.append(loss.item())
    opt.zero_grad()
    loss.backward()
    opt.step()
print(" ".join(f"{loss:.3g}" for loss in losses[:13:3]))
# > 0.992 1.89e+07 3.38e+16 1.08e+26 3.71e+35
first_nan = next(step for step, loss in enumerate(losses) if math.isnan(loss))
print("first inf at step", losses.index(math.inf), "first NaN at step", first_nan)
# > first inf at step 13 first NaN at step 26

# a fully masked attention row: a softmax over nothing but -inf is NaN
q, k, v = torch.randn(1, 2, 4), torch.randn(1, 3, 4), torch.randn(1, 3, 4)
allowed = torch.tensor([[True, True, True], [False, False, False]])  # row 1: no key
scores = (q @ k.transpose(-2, -1)).masked_fill(~allowed, float("-inf"))
print(torch.softmax(scores, dim=-1)[0, 1])
# > tensor([nan, nan, nan])
min_filled = (q @ k.transpose(-2, -1)).masked_fill(~allowed, torch.finfo(q.dtype).min)
print(torch.softmax(min_filled, dim=-1)[0, 1])  # a finite fill: uniform, not NaN
# > tensor([0.3333, 0.3333, 0.3333])
print(F.scaled_dot_product_attention(q, k, v, attn_mask=allowed)[0, 1])  # CPU: zeros
# > tensor([0., 0., 0., 0.])
