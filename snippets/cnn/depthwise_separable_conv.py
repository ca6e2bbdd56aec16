import warnings

import torch
from torch import nn
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)
C_in, C_out, k = 64, 128, 3
standard = nn.Conv2d(C_in, C_out, k, padding=1, bias=False)
separable = nn.Sequential(
    nn.Conv2d(
        C_in, C_in, k, padding=1, groups=C_in, bias=False
    ),  # depthwise: one filter
    nn.Conv2d(C_in, C_out, 1, bias=False),  # pointwise: a 1x1 conv mixes the channels
)
print([tuple(m.weight.shape) for m in separable])
# > [(64, 1, 3, 3), (128, 64, 1, 1)]


def params(m):
    return sum(p.numel() for p in m.parameters())


def flops(m, x):
    with FlopCounterMode(display=False) as counter:
        m(x)
    return counter.get_total_flops()


x = torch.randn(1, C_in, 56, 56)
p_std, p_sep = params(standard), params(separable)
f_std, f_sep = flops(standard, x), flops(separable, x)
print(p_std, p_sep, f"{p_sep / p_std:.3f}")  # k*k*Cin*Cout vs k*k*Cin + Cin*Cout
# > 73728 8768 0.119
print(
    f"{f_std:,} {f_sep:,} {f_sep / f_std:.3f}"
)  # 2 FLOPs (mul + add) per MAC, per pixel
# > 462,422,016 54,992,896 0.119
print(f"{1 / C_out + 1 / k**2:.3f}")  # the ratio MobileNet derives: 1/C_out + 1/k^2
# > 0.119
print(standard(x).shape == separable(x).shape)
# > True


# FLOPs per byte moved, at best (input, output, weights moved once each, float32): the
# depthwise conv does little arithmetic per byte, so memory bandwidth bounds it
def intensity(m, x):
    y = m(x)
    return flops(m, x) / (4 * (x.numel() + y.numel() + params(m)))


print(f"{intensity(standard, x):.0f} {intensity(separable[0], x):.1f}")
# > 171 2.2

# groups must divide both channel counts
try:
    nn.Conv2d(64, 100, 3, groups=64)
except ValueError as e:
    print(e)
    # > out_channels must be divisible by groups

# float32 convs on CUDA: cuDNN may use TF32 by default, matmuls not (the settings exist,
# and read the same, on a CPU build). The current API is fp32_precision per backend
print(
    torch.backends.cudnn.conv.fp32_precision,
    torch.backends.cuda.matmul.fp32_precision,
    torch.get_float32_matmul_precision(),
)
# > tf32 none highest
# the legacy flags still read without a warning, but raise once the two APIs disagree
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(
        torch.backends.cudnn.allow_tf32, torch.backends.cuda.matmul.allow_tf32, caught
    )
    # > True False []
torch.backends.cudnn.conv.fp32_precision = "ieee"  # cuDNN RNNs stay "tf32"
try:
    print(torch.backends.cudnn.allow_tf32)
except RuntimeError as e:
    print(str(e).split("that ")[1].split(".")[0])
    # > cuDNN conv and cuDNN RNN have different TF32 flags
