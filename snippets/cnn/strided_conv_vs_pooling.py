import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)
C = 64
x = torch.randn(1, C, 32, 32)
pool = nn.MaxPool2d(2)
strided = nn.Conv2d(C, C, 3, stride=2, padding=1)  # a learned downsampling
print(pool(x).shape == strided(x).shape, sum(p.numel() for p in strided.parameters()))
# > True 36928

# A stride-2 conv can be average pooling exactly (fixed weights), but never max pooling:
# a conv is linear in its input, max is not
avg = nn.Conv2d(C, C, 2, stride=2, groups=C, bias=False)
nn.init.constant_(avg.weight, 0.25)
with torch.no_grad():
    print(torch.allclose(avg(x), F.avg_pool2d(x, 2)))
    # > True
    a, b = torch.randn(2, 1, C, 4, 4)
    print(torch.allclose(pool(a + b), pool(a) + pool(b)))  # max pooling is not linear
    # > False

# Removing the pooling: the next layer sees 4x the positions, for 4x the FLOPs
next_conv = nn.Conv2d(C, C, 3, padding=1)


def flops(t):
    with FlopCounterMode(display=False) as counter:
        next_conv(t)
    return counter.get_total_flops()


print(flops(x) // flops(pool(x)))
# > 4
