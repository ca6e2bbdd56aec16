import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(1, 16, 32, 32)
# A block that halves the size and doubles the channels: x and f(x) no longer add up
f = nn.Sequential(
    nn.Conv2d(16, 32, 3, stride=2, padding=1),
    nn.ReLU(),
    nn.Conv2d(32, 32, 3, padding=1),
)
try:
    x + f(x)
except RuntimeError as e:
    print(str(e).replace(" at ", "\n  at "))
    # > The size of tensor a (32) must match the size of tensor b (16)
    # >   at non-singleton dimension 3

# The projection shortcut: a strided 1x1 conv gives the skip the same shape
shortcut = nn.Conv2d(16, 32, 1, stride=2)
print((shortcut(x) + f(x)).shape)
# > torch.Size([1, 32, 16, 16])
