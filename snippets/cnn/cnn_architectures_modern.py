import torch
from torch import nn
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)


def params(m):
    return sum(p.numel() for p in m.parameters())


def flops(m, x):
    with FlopCounterMode(display=False) as counter:
        m(x)
    return counter.get_total_flops()


# DenseNet (2016): each layer reads the concatenation of all earlier maps and adds k
# (the growth rate) new ones. DenseNet-121's first block: 64 channels in, k = 32
class DenseLayer(nn.Module):  # BN-ReLU-1x1 (4k) -BN-ReLU-3x3 (k)
    def __init__(self, c, k):
        super().__init__()
        self.f = nn.Sequential(
            nn.BatchNorm2d(c),
            nn.ReLU(),
            nn.Conv2d(c, 4 * k, 1, bias=False),
            nn.BatchNorm2d(4 * k),
            nn.ReLU(),
            nn.Conv2d(4 * k, k, 3, padding=1, bias=False),
        )

    def forward(self, x):
        return torch.cat([x, self.f(x)], dim=1)  # concatenate, not add


x = torch.randn(1, 64, 56, 56)
block, widths = [], []
for i in range(6):
    widths.append(64 + 32 * i)
    block.append(DenseLayer(64 + 32 * i, 32))
dense = nn.Sequential(*block)
print(widths, "->", dense(x).shape[1], f"{params(dense):,} params")
# > [64, 96, 128, 160, 192, 224] -> 256 335,040 params
# each layer adds k maps, but its 1x1 (c * 4k weights) and first BN grow with what it
# reads; only the 3x3 (4k * k * 9 weights) is the same in every layer
print("per layer:", [params(layer) for layer in block], params(block[0].f[5]))
# > per layer: [45440, 49600, 53760, 57920, 62080, 66240] 36864


# Squeeze-and-excitation (2017): global average pool, a bottleneck MLP (reduction
# r = 16), a sigmoid, and one scale per channel
class SE(nn.Module):
    def __init__(self, c, r=16):
        super().__init__()
        self.mlp = nn.Sequential(
            nn.Linear(c, c // r), nn.ReLU(), nn.Linear(c // r, c), nn.Sigmoid()
        )

    def forward(self, x):
        return x * self.mlp(x.mean((2, 3)))[:, :, None, None]


se = SE(256)
x = torch.randn(1, 256, 56, 56)
bottleneck = nn.Sequential(
    nn.Conv2d(256, 64, 1, bias=False),
    nn.Conv2d(64, 64, 3, padding=1, bias=False),
    nn.Conv2d(64, 256, 1, bias=False),
)
p_se, p_block = params(se), params(bottleneck)
print(f"SE: {p_se:,} params, {p_se / p_block:.0%} of the block's {p_block:,}")
# > SE: 8,464 params, 12% of the block's 69,632
# FLOPs: FlopCounterMode counts the MLP's matmuls only; the squeeze (a mean: one add
# per value) and the per-pixel scaling (one multiply per value) are counted by hand
f_mlp, f_block = flops(se, x), flops(bottleneck, x)
f_se = f_mlp + 2 * x.numel()
print(f"{f_mlp:,} + 2 x {x.numel():,} = {f_se:,} FLOPs")
# > 16,384 + 2 x 802,816 = 1,622,016 FLOPs
print(f"{f_se / f_block:.2%} of the block's {f_block:,}")
# > 0.37% of the block's 436,731,904
gate = se.mlp(x.mean((2, 3)))  # se(x) = x * gate: one scale per channel, in (0, 1)
print(tuple(gate.shape), 0 < gate.min().item() and gate.max().item() < 1)
# > (1, 256) True


# EfficientNet (2019): scale depth by alpha, width by beta, resolution by gamma at once.
# A stack of 3x3 convs costs L * C^2 * R^2: FLOPs grow by alpha * beta^2 * gamma^2
def stack(depth, width):
    return nn.Sequential(
        *[nn.Conv2d(width, width, 3, padding=1, bias=False) for _ in range(depth)]
    )


base = flops(stack(5, 40), torch.randn(1, 40, 40, 40))
scaled = flops(stack(6, 44), torch.randn(1, 44, 46, 46))  # x1.2, x1.1, x1.15
print(f"{scaled / base:.3f} {1.2 * 1.1**2 * 1.15**2:.3f}")
# > 1.920 1.920
