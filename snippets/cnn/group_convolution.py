import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)
x = torch.randn(1, 256, 14, 14)


def params(m):
    return sum(p.numel() for p in m.parameters())


def flops(m, x):
    with FlopCounterMode(display=False) as counter:
        m(x)
    return counter.get_total_flops()


# groups=g splits the channels into g independent convs: each output channel reads only
# C_in / g input channels, so weights and FLOPs fall by g
for g in (1, 2, 4, 32, 256):
    conv = nn.Conv2d(256, 256, 3, padding=1, groups=g, bias=False)
    w = tuple(conv.weight.shape)
    print(f"groups={g}: weight {w}, {params(conv):,} params, {flops(conv, x):,} FLOPs")
    # > groups=1: weight (256, 256, 3, 3), 589,824 params, 231,211,008 FLOPs
    # > groups=2: weight (256, 128, 3, 3), 294,912 params, 115,605,504 FLOPs
    # > groups=4: weight (256, 64, 3, 3), 147,456 params, 57,802,752 FLOPs
    # > groups=32: weight (256, 8, 3, 3), 18,432 params, 7,225,344 FLOPs
    # > groups=256: weight (256, 1, 3, 3), 2,304 params, 903,168 FLOPs

# It is exactly g separate convs on the channel chunks, concatenated
conv = nn.Conv2d(256, 256, 3, padding=1, groups=4, bias=False)
parts = zip(x.chunk(4, dim=1), conv.weight.chunk(4, dim=0), strict=True)
split = torch.cat([F.conv2d(xi, wi, padding=1) for xi, wi in parts], dim=1)
print(torch.allclose(conv(x), split, atol=1e-5))
# > True

# ResNeXt: 32 parallel paths (256 -> 4 -> 4 -> 256), summed, are one block with a
# grouped 3x3 conv (256 -> 128, 3x3 groups=32, 128 -> 256)
C, d = 32, 4  # cardinality, width of each path
reduce = nn.Conv2d(256, C * d, 1, bias=False)
grouped = nn.Conv2d(C * d, C * d, 3, padding=1, groups=C, bias=False)
expand = nn.Conv2d(C * d, 256, 1, bias=False)
block = nn.Sequential(reduce, nn.ReLU(), grouped, nn.ReLU(), expand)
paths = 0
for i in range(C):  # path i: its slice of each weight
    s = slice(i * d, (i + 1) * d)
    h = F.relu(F.conv2d(x, reduce.weight[s]))
    h = F.relu(F.conv2d(h, grouped.weight[s], padding=1))
    paths = paths + F.conv2d(h, expand.weight[:, s])
print(torch.allclose(block(x), paths, atol=1e-5))
# > True

# At the same cost as ResNet's bottleneck (256 -> 64 -> 64 -> 256)
resnet = nn.Sequential(
    nn.Conv2d(256, 64, 1, bias=False),
    nn.ReLU(),
    nn.Conv2d(64, 64, 3, padding=1, bias=False),
    nn.ReLU(),
    nn.Conv2d(64, 256, 1, bias=False),
)
print(f"ResNet {params(resnet):,} params, {flops(resnet, x):,} FLOPs")
# > ResNet 69,632 params, 27,295,744 FLOPs
print(f"ResNeXt 32x4d {params(block):,} params, {flops(block, x):,} FLOPs")
# > ResNeXt 32x4d 70,144 params, 27,496,448 FLOPs

try:
    nn.Conv2d(30, 64, 3, groups=4)
except ValueError as e:
    print(e)
    # > in_channels must be divisible by groups
