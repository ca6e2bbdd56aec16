import math

import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)


def params(m):
    return sum(p.numel() for p in m.parameters())


def mflops(m, x):
    with FlopCounterMode(display=False) as counter:
        m(x)
    return counter.get_total_flops() / 1e6


def cbn(cin, cout, k=1, groups=1, act=nn.ReLU6):  # conv, BN, optional activation
    layers = [
        nn.Conv2d(cin, cout, k, padding=k // 2, groups=groups, bias=False),
        nn.BatchNorm2d(cout),
    ]
    return nn.Sequential(*layers, *([act()] if act else []))


class InvertedResidual(nn.Module):  # v2: expand 1x1 (x6), depthwise 3x3, project 1x1
    def __init__(self, c, t=6, act=nn.ReLU6, se=False):
        super().__init__()
        e = c * t
        layers = [cbn(c, e, act=act), cbn(e, e, 3, groups=e, act=act)]
        if se:  # v3: squeeze-and-excitation on the wide maps, a hard sigmoid gate
            layers.append(SE(e))
        layers.append(cbn(e, c, act=None))  # linear bottleneck: no activation
        self.f = nn.Sequential(*layers)

    def forward(self, x):
        return x + self.f(x)  # shortcut between the narrow ends (stride 1, same c)


class SE(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.fc = nn.Sequential(
            nn.Conv2d(c, c // 4, 1),
            nn.ReLU(),
            nn.Conv2d(c // 4, c, 1),
            nn.Hardsigmoid(),
        )

    def forward(self, x):
        return x * self.fc(x.mean((2, 3), keepdim=True))


# Each at the 56x56 stage of its network: v1 keeps 128 channels there, v2 keeps 24
# between blocks and expands them to 144 inside; "+SE+hs" is v2's block with v3's two
# additions; v3-Large's own 56x56 block expands 24 to 72, with ReLU and no SE
v1 = nn.Sequential(
    cbn(128, 128, 3, groups=128, act=nn.ReLU), cbn(128, 128, act=nn.ReLU)
)
blocks = {
    "v1": (v1, 128),
    "v2": (InvertedResidual(24), 24),
    "v2+SE+hs": (InvertedResidual(24, act=nn.Hardswish, se=True), 24),
    "v3-Large": (InvertedResidual(24, t=3, act=nn.ReLU), 24),
}
for name, (m, c) in blocks.items():
    x = torch.randn(1, c, 56, 56)
    print(f"{name}: {params(m):,} params, {mflops(m, x):.1f} MFLOPs, carries {c} ch")
    # > v1: 18,048 params, 110.0 MFLOPs, carries 128 ch
    # > v2: 8,832 params, 51.5 MFLOPs, carries 24 ch
    # > v2+SE+hs: 19,380 params, 51.5 MFLOPs, carries 24 ch
    # > v3-Large: 4,440 params, 25.7 MFLOPs, carries 24 ch

# Why the narrow output has no ReLU (the paper's toy): a 2-D spiral, embedded in n
# dimensions by a random matrix, then ReLU. A point is recoverable only if at least 2
# of its n coordinates stay positive
torch.manual_seed(0)
t = torch.linspace(0.5, 6 * math.pi, 200)
spiral = torch.stack([t * torch.cos(t), t * torch.sin(t)], 1)
for n in (2, 3, 5, 15, 30):
    T = torch.randn(2, n)
    y = torch.relu(spiral @ T)
    ok = 0
    for p, yp in zip(spiral, y, strict=True):  # solve for p from its positive coords
        on = yp > 0
        if on.sum() >= 2:
            ok += torch.allclose(
                torch.linalg.lstsq(T[:, on].T, yp[on]).solution, p, atol=1e-3
            )
    print(f"n={n}: {ok / len(spiral):.0%} of the points recovered after ReLU")
    # > n=2: 2% of the points recovered after ReLU
    # > n=3: 51% of the points recovered after ReLU
    # > n=5: 84% of the points recovered after ReLU
    # > n=15: 100% of the points recovered after ReLU
    # > n=30: 100% of the points recovered after ReLU

# v3's h-swish: x * ReLU6(x + 3) / 6, swish (SiLU) without the exponential
z = torch.linspace(-6, 6, 1201)
print(torch.allclose(nn.Hardswish()(z), z * F.relu6(z + 3) / 6))
# > True
print(f"max gap to SiLU: {(nn.Hardswish()(z) - nn.SiLU()(z)).abs().max():.3f}")
# > max gap to SiLU: 0.142
