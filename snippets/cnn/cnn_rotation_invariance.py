import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
rows = torch.arange(32.0).view(
    1, 1, 32, 1
)  # an image of horizontal stripes, plus noise
x = torch.sin(rows * 0.8).expand(1, 3, 32, 32) + 0.3 * torch.randn(1, 3, 32, 32)


def cnn(stride):
    return nn.Sequential(
        nn.Conv2d(3, 8, 3, padding=1, padding_mode="circular"),
        nn.ReLU(),
        nn.Conv2d(8, 8, 3, stride=stride, padding=1, padding_mode="circular"),
        nn.ReLU(),
        nn.AdaptiveAvgPool2d(1),  # global average pooling
        nn.Flatten(),
        nn.Linear(8, 5, bias=False),
    )


def change(f, a, b):  # does the output move? same (to rounding), or by how much
    with torch.no_grad():
        ya, yb = f(a), f(b)
    if torch.allclose(ya, yb, atol=1e-6):
        return "same"
    return f"changes by {((ya - yb).norm() / ya.norm()):.1%}"


def roll(t, k):
    return torch.roll(t, (k, k), dims=(2, 3))


def rot(t):
    return torch.rot90(t, 1, dims=(2, 3))


conv = nn.Conv2d(3, 8, 3, padding=1, padding_mode="circular")
zero = nn.Conv2d(3, 8, 3, padding=1)  # zero padding: the border does not roll
with torch.no_grad():  # shift in, shift out: equivariant
    print(torch.allclose(conv(roll(x, 3)), roll(conv(x), 3), atol=1e-6))
    # > True
    print(torch.allclose(zero(roll(x, 3)), roll(zero(x), 3), atol=1e-6))
    # > False

# Global pooling makes it invariant: exactly at stride 1; with a stride of 2, only to
# shifts by a multiple of 2
torch.manual_seed(0)
net1, net2 = cnn(1), cnn(2)
print("stride 1, shift 1:", change(net1, x, roll(x, 1)))
# > stride 1, shift 1: same
print("stride 2, shift 1:", change(net2, x, roll(x, 1)))
# > stride 2, shift 1: changes by 6.7%
print("stride 2, shift 2:", change(net2, x, roll(x, 2)))
# > stride 2, shift 2: same


# The fix for the stride (Zhang, 2019): low-pass filter before subsampling. The same
# three-conv net, its middle conv at stride 2, or at stride 1 followed by a blur pool
class BlurPool(nn.Module):  # [1, 2, 1] x [1, 2, 1] / 16 per channel, then stride 2
    def forward(self, t):
        k = torch.tensor([1.0, 2.0, 1.0])
        k = (k[:, None] * k / 16).expand(t.shape[1], 1, 3, 3)
        t = F.pad(t, (1, 1, 1, 1), mode="circular")
        return F.conv2d(t, k, stride=2, groups=t.shape[1])


def deep(blur):
    torch.manual_seed(0)  # the same weights either way
    c = [nn.Conv2d(i, 8, 3, padding=1, padding_mode="circular") for i in (3, 8, 8)]
    c[1].stride = (1, 1) if blur else (2, 2)
    down = [BlurPool()] if blur else []
    head = [
        nn.ReLU(),
        nn.AdaptiveAvgPool2d(1),
        nn.Flatten(),
        nn.Linear(8, 5, bias=False),
    ]
    return nn.Sequential(c[0], nn.ReLU(), c[1], nn.ReLU(), *down, c[2], *head)


print("strided:", change(deep(False), x, roll(x, 1)))
# > strided: changes by 2.1%
print("blur pool:", change(deep(True), x, roll(x, 1)))
# > blur pool: changes by 0.3%

# Rotation: the conv is not equivariant (its kernel does not rotate with the image),
# and the pooled prediction changes
with torch.no_grad():
    print(torch.allclose(conv(rot(x)), rot(conv(x)), atol=1e-6))
    # > False
print("stride 1, rot90:", change(net1, x, rot(x)))
# > stride 1, rot90: changes by 18.5%


# A group-equivariant fix (Cohen & Welling): one kernel applied at its 4 rotations,
# then a max over them. Rotating the input rotates the maps and cycles the 4 copies
class P4Lift(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.w = nn.Parameter(torch.randn(cout, cin, 3, 3) * 0.1)
        self.head = nn.Linear(cout, 5, bias=False)

    def forward(self, x):
        xp = F.pad(x, (1, 1, 1, 1), mode="circular")
        maps = [F.conv2d(xp, torch.rot90(self.w, r, (2, 3))) for r in range(4)]
        y = torch.stack(maps).relu().amax(0)  # max over the 4 orientations
        return self.head(y.mean((2, 3)))


p4 = P4Lift(3, 8)
print("p4, rot90:", change(p4, x, rot(x)), "| shift 1:", change(p4, x, roll(x, 1)))
# > p4, rot90: same | shift 1: same
