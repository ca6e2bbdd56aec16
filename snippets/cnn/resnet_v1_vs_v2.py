import torch
from torch import nn

torch.manual_seed(0)
C = 16


def conv():
    return nn.Conv2d(C, C, 3, padding=1, bias=False)


class V1(nn.Module):  # conv-BN-ReLU-conv-BN, add, then ReLU (He et al., 2015)
    def __init__(self):
        super().__init__()
        self.f = nn.Sequential(
            conv(), nn.BatchNorm2d(C), nn.ReLU(), conv(), nn.BatchNorm2d(C)
        )

    def forward(self, x):
        self.branch = self.f(x)
        return torch.relu(x + self.branch)


class V2(nn.Module):  # BN-ReLU-conv-BN-ReLU-conv, add, nothing after (pre-activation)
    def __init__(self):
        super().__init__()
        self.f = nn.Sequential(
            nn.BatchNorm2d(C), nn.ReLU(), conv(), nn.BatchNorm2d(C), nn.ReLU(), conv()
        )

    def forward(self, x):
        self.branch = self.f(x)
        return x + self.branch


def params(m):
    return sum(p.numel() for p in m.parameters())


print(params(V1()), params(V2()))  # the same layers, reordered
# > 4672 4672

x = torch.randn(8, C, 8, 8)
for Block in (V1, V2):
    net = nn.Sequential(*[Block() for _ in range(10)])
    y = net(x)
    unrolled = x + sum(b.branch for b in net)  # x_L = x_0 + the sum of all branches?
    same = torch.allclose(y, unrolled, atol=1e-5)
    print(f"{Block.__name__}: x_L == x_0 + sum F: {same}, min output {y.min():.2f}")
    # > V1: x_L == x_0 + sum F: False, min output 0.00
    # > V2: x_L == x_0 + sum F: True, min output -5.54

# With every branch switched off (its last layer zeroed, as zero-init does), v2 is the
# identity; v1 is still a ReLU per block: negative inputs are lost, and their gradient
for Block in (V1, V2):
    net = nn.Sequential(*[Block() for _ in range(10)])
    for b in net:
        nn.init.zeros_(b.f[-1].weight)  # v1: the last BN's gamma; v2: the last conv
    x = torch.randn(8, C, 8, 8, requires_grad=True)
    y = net(x)
    y.sum().backward()
    dead = (x.grad == 0).float().mean()
    print(f"{Block.__name__}: identity {torch.equal(y, x)}, zero gradient {dead:.0%}")
    # > V1: identity False, zero gradient 50%
    # > V2: identity True, zero gradient 0%
