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


def grad_ratio(blocks, skip, bn):
    """Gradient norm of the first conv's weight over the last conv's, at init."""
    torch.manual_seed(0)
    net = nn.Sequential(*[Block(16, skip, bn) for _ in range(blocks)])
    net(torch.randn(8, 16, 8, 8)).pow(2).mean().backward()
    return net[0].f[0].weight.grad.norm() / net[-1].f[3].weight.grad.norm()


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
