import math

import torch
from torch import nn

torch.manual_seed(0)
fan_in = 300
# kaiming_uniform_(w, a=sqrt(5)): nonlinearity defaults to "leaky_relu" with slope a
gain = nn.init.calculate_gain("leaky_relu", math.sqrt(5))  # sqrt(2 / (1 + 5))
bound = gain * math.sqrt(3 / fan_in)  # kaiming_uniform_'s bound
print(round(gain**2, 6), math.isclose(bound, 1 / math.sqrt(fan_in)))
# > 0.333333 True

# same seed, same draws: the layer's weight is exactly U(-1/sqrt(fan_in), +)
torch.manual_seed(0)
layer = nn.Linear(fan_in, 200)
torch.manual_seed(0)
plain = torch.empty(200, fan_in).uniform_(-1 / math.sqrt(fan_in), 1 / math.sqrt(fan_in))
print(torch.equal(layer.weight, plain))
# > True
# the bias gets the same bound (Kaiming's paper would start it at 0)
print(layer.bias.abs().max().item() <= 1 / math.sqrt(fan_in))
# > True

# its std is bound / sqrt(3) = 1/sqrt(3 fan_in): a third of the variance LeCun's
# 1/fan_in keeps, a sixth of He's 2/fan_in that a ReLU stack needs
print(f"{layer.weight.var().item() * fan_in:.3f}")
# > 0.331

# so a stack of default Linear + ReLU loses ~sqrt(6) in std per layer
torch.manual_seed(0)
h = torch.randn(1000, 512)
for i in range(1, 11):
    h = nn.Linear(512, 512, bias=False)(h)
    if i in (1, 2, 10):
        print(i, f"{h.std().item():.2e}")
        # > 1 5.77e-01
        # > 2 2.38e-01
        # > 10 1.58e-04
    h = torch.relu(h)

# with the default bias the std levels off near sqrt(2 / (5 fan_in)) = 0.028: the
# biases' floor, while the part that depends on the input (std across samples)
# keeps shrinking by sqrt(6) per layer
torch.manual_seed(0)
h = torch.randn(1000, 512)
for i in range(1, 11):
    h = nn.Linear(512, 512)(h)
    if i in (5, 10):
        print(
            i, f"std {h.std().item():.3f}, across samples {h.std(0).mean().item():.1e}"
        )
        # > 5 std 0.032, across samples 9.5e-03
        # > 10 std 0.029, across samples 1.1e-04
    h = torch.relu(h)
