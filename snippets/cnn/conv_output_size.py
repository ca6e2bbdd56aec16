import warnings

import torch
import torch.nn.functional as F
from torch import nn


def out_size(h, k, s=1, p=0, d=1):  # floor((H + 2p - d(k-1) - 1) / s) + 1
    return (h + 2 * p - d * (k - 1) - 1) // s + 1


x = torch.zeros(1, 1, 32, 32)
for k, s, p, d in [
    (3, 1, 0, 1),
    (3, 1, 1, 1),
    (5, 1, 2, 1),
    (3, 2, 1, 1),
    (3, 1, 2, 2),
]:
    conv = nn.Conv2d(1, 1, k, stride=s, padding=p, dilation=d)
    print(f"k={k} s={s} p={p} d={d}:", conv(x).shape[-1], out_size(32, k, s, p, d))
    # > k=3 s=1 p=0 d=1: 30 30
    # > k=3 s=1 p=1 d=1: 32 32
    # > k=5 s=1 p=2 d=1: 32 32
    # > k=3 s=2 p=1 d=1: 16 16
    # > k=3 s=1 p=2 d=2: 32 32

# The floor: at stride 2, inputs of 7 and 8 both give 4 outputs
print(out_size(7, 3, 2, 1), out_size(8, 3, 2, 1))
# > 4 4

# padding="same" works at stride 1 only
try:
    nn.Conv2d(1, 1, 3, stride=2, padding="same")
except ValueError as e:
    print(e)
    # > padding='same' is not supported for strided convolutions

# An even kernel (4) needs 3 pads: 1 on the left, 2 on the right (a weight at the
# kernel's last tap reads 3 positions ahead, so the last two outputs read padding)
row = torch.arange(1.0, 7.0).view(1, 1, 1, 6)
last_tap = torch.zeros(1, 1, 1, 4)
last_tap[..., -1] = 1
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(F.conv2d(row, last_tap, padding="same").flatten().tolist())
    # > [3.0, 4.0, 5.0, 6.0, 0.0, 0.0]
print(str(caught[0].message).split(" may require")[0], "(a UserWarning)")
# > Using padding='same' with even kernel lengths and odd dilation (a UserWarning)
# At dilation 2 the total, 2 * 3 = 6, is even: 3 pads on each side, and no warning
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(F.conv2d(row, last_tap, padding="same", dilation=2).flatten().tolist())
    # > [4.0, 5.0, 6.0, 0.0, 0.0, 0.0]
print(len(caught), "warnings")
# > 0 warnings

# What zero padding buys at the border: how many outputs each input pixel feeds (3x3)
for p in (0, 1):
    img = torch.ones(1, 1, 6, 6, requires_grad=True)
    F.conv2d(img, torch.ones(1, 1, 3, 3), padding=p).sum().backward()
    g = img.grad[0, 0]
    print(
        f"padding={p}: corner {g[0, 0]:.0f}, edge {g[0, 3]:.0f}, centre {g[3, 3]:.0f}"
    )
    # > padding=0: corner 1, edge 3, centre 9
    # > padding=1: corner 4, edge 6, centre 9
