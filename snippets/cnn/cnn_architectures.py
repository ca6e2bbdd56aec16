import torch
from torch import nn
from torch.utils.flop_counter import FlopCounterMode


def params(m):
    return sum(p.numel() for p in m.parameters())


# AlexNet (2012) as in the paper, built on the meta device: shapes, no memory. conv2,
# conv4 and conv5 have groups=2, the halves that ran on its two GPUs
with torch.device("meta"):
    alex_conv = nn.Sequential(
        nn.Conv2d(3, 96, 11, stride=4),
        nn.Conv2d(96, 256, 5, padding=2, groups=2),
        nn.Conv2d(256, 384, 3, padding=1),
        nn.Conv2d(384, 384, 3, padding=1, groups=2),
        nn.Conv2d(384, 256, 3, padding=1, groups=2),
    )
    alex_fc = nn.Sequential(
        nn.Linear(256 * 6 * 6, 4096), nn.Linear(4096, 4096), nn.Linear(4096, 1000)
    )
a_conv, a_fc = params(alex_conv), params(alex_fc)
print(f"AlexNet {a_conv + a_fc:,}: conv {a_conv:,}, dense {a_fc / (a_conv + a_fc):.0%}")
# > AlexNet 60,965,224: conv 2,334,080, dense 96%

# VGG-16 (2014): thirteen 3x3 convs in five stages, then the same kind of dense head
cfg = [64, 64, "M", 128, 128, "M", 256, 256, 256, "M", 512, 512, 512, "M"]
cfg += [512, 512, 512, "M"]  # "M": a 2x2 max pool, no parameters
with torch.device("meta"):
    layers, c = [], 3
    for v in cfg:
        layers.append(nn.MaxPool2d(2) if v == "M" else nn.Conv2d(c, v, 3, padding=1))
        c = c if v == "M" else v
    vgg_conv = nn.Sequential(*layers)
    vgg_fc = nn.Sequential(
        nn.Flatten(),
        nn.Linear(512 * 7 * 7, 4096),
        nn.Linear(4096, 4096),
        nn.Linear(4096, 1000),
    )
v_conv, v_fc = params(vgg_conv), params(vgg_fc)
print(f"VGG-16 {v_conv + v_fc:,}: conv {v_conv:,}, dense {v_fc / (v_conv + v_fc):.0%}")
# > VGG-16 138,357,544: conv 14,714,688, dense 89%


def gflops(m, x):
    with FlopCounterMode(display=False) as counter:
        y = m(x)
    return counter.get_total_flops() / 1e9, y


# ...but the convs do nearly all the arithmetic, for one 224x224 image
f_conv, maps = gflops(vgg_conv, torch.empty(1, 3, 224, 224, device="meta"))
f_fc, _ = gflops(vgg_fc, maps)
print(f"VGG-16 GFLOPs: conv {f_conv:.1f}, dense {f_fc:.2f}")
# > VGG-16 GFLOPs: conv 30.7, dense 0.25


# Inception (GoogLeNet, 2014): parallel 1x1, 3x3, 5x5 and pool branches, concatenated.
# Its module 3a on 192 channels, without and with the 1x1 reductions
def conv(cin, cout, k):
    return nn.Conv2d(cin, cout, k, padding=k // 2, bias=False)


pool = nn.MaxPool2d(3, stride=1, padding=1)
naive = [conv(192, 64, 1), conv(192, 128, 3), conv(192, 32, 5), pool]
reduced = [
    conv(192, 64, 1),
    nn.Sequential(conv(192, 96, 1), conv(96, 128, 3)),
    nn.Sequential(conv(192, 16, 1), conv(16, 32, 5)),
    nn.Sequential(pool, conv(192, 32, 1)),
]
x = torch.randn(1, 192, 28, 28)
for name, branches in (("naive", naive), ("with 1x1 reductions", reduced)):
    y = torch.cat([b(x) for b in branches], dim=1)
    print(f"{name}: {params(nn.ModuleList(branches)):,} params, out {tuple(y.shape)}")
    # > naive: 387,072 params, out (1, 416, 28, 28)
    # > with 1x1 reductions: 163,328 params, out (1, 256, 28, 28)


# ResNet (2015): the bottleneck block's 1x1 convs shrink the 3x3 conv's channels 4x.
# He et al. compare it with the basic block (two 3x3) at 64 channels, not at 256
def basic(c):
    return nn.Sequential(nn.Conv2d(c, c, 3, bias=False), nn.Conv2d(c, c, 3, bias=False))


bottleneck = nn.Sequential(
    nn.Conv2d(256, 64, 1, bias=False),
    nn.Conv2d(64, 64, 3, bias=False),
    nn.Conv2d(64, 256, 1, bias=False),
)
print(
    f"bottleneck at 256: {params(bottleneck):,}; two 3x3 at 64: {params(basic(64)):,}"
)
# > bottleneck at 256: 69,632; two 3x3 at 64: 73,728
print(f"two 3x3 at 256: {params(basic(256)):,}")
# > two 3x3 at 256: 1,179,648
