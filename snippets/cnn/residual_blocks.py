import math

import torch
from torch import nn


class Block(nn.Module):  # conv-(BN)-ReLU-conv-(BN), then the skip, then ReLU (ResNet's)
    def __init__(self, c, skip, bn):
        super().__init__()
        norm = nn.BatchNorm2d if bn else nn.Identity
        conv1, conv2 = nn.Conv2d(c, c, 3, padding=1), nn.Conv2d(c, c, 3, padding=1)
        self.f = nn.Sequential(conv1, norm(c), nn.ReLU(), conv2, norm(c))
        self.skip = skip

    def forward(self, x):
        return torch.relu(x + self.f(x) if self.skip else self.f(x))


def grad_ratio(blocks, skip, bn, he=False):
    """Gradient norm of the first conv's weight over the last conv's, at init."""
    torch.manual_seed(0)
    net = nn.Sequential(*[Block(16, skip, bn) for _ in range(blocks)])
    if he:  # He et al.'s init, for ReLU: weight variance 2 / fan_in
        for m in net.modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight, nonlinearity="relu")
                nn.init.zeros_(m.bias)
    net(torch.randn(8, 16, 8, 8)).pow(2).mean().backward()
    return net[0].f[0].weight.grad.norm() / net[-1].f[3].weight.grad.norm()


# torch's default Conv2d init is kaiming_uniform_(a=sqrt(5)): fan_in * var(w) is its
# gain squared, 1/3; He init for ReLU uses 2, the value that keeps the signal level
torch.manual_seed(0)
w = nn.Conv2d(16, 16, 3).weight  # fan_in = 16 * 3 * 3
gains = [
    nn.init.calculate_gain(*g) ** 2 for g in (("leaky_relu", math.sqrt(5)), ("relu",))
]
print(
    f"fan_in * var(w): {w.var().item() * 144:.2f}; gain^2:",
    *(f"{g:.2f}" for g in gains),
)
# > fan_in * var(w): 0.34; gain^2: 0.33 2.00


print("conv layers  plain  plain+BN  residual  residual+BN")
# > conv layers  plain  plain+BN  residual  residual+BN
for blocks in (2, 8, 32):
    ratios = [
        grad_ratio(blocks, skip, bn) for skip in (False, True) for bn in (False, True)
    ]
    print(2 * blocks, *(f"{r:.1e}" for r in ratios))
    # > 4 8.6e-02 1.1e+00 2.4e-01 1.2e+00
    # > 16 2.6e-07 6.2e+00 1.6e-01 2.1e+00
    # > 64 0.0e+00 2.0e+04 1.5e-01 9.4e+00

# the same plain stack, no BatchNorm, with He init instead: no vanishing
print(
    "plain, He init:",
    *(f"{grad_ratio(b, False, False, he=True):.1e}" for b in (2, 8, 32)),
)
# > plain, He init: 2.1e-01 6.6e-01 2.6e+01
