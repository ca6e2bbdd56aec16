import math
import textwrap

import torch
from torch import nn

torch.manual_seed(0)
# default: kaiming_uniform_(a=sqrt(5)), i.e. U(-1/sqrt(fan_in), 1/sqrt(fan_in))
layer = nn.Linear(256, 64)
bound = 1 / math.sqrt(256)
print(layer.weight.abs().max().item() <= bound, layer.bias.abs().max().item() <= bound)
# > True True
# std of U(-b, b)
print(
    round(bound, 4), round(layer.weight.std().item(), 4), round(bound / math.sqrt(3), 4)
)
# > 0.0625 0.0361 0.0361


# apply() calls this on every submodule (children first), then on the model itself
def init_weights(m):
    if isinstance(m, nn.Linear):
        # nn.init.* work in place, under no_grad
        nn.init.kaiming_normal_(m.weight, nonlinearity="relu")
        nn.init.zeros_(m.bias)


model = nn.Sequential(nn.Linear(256, 64), nn.ReLU(), nn.Linear(64, 10))
model.apply(init_weights)
print(
    round(model[0].weight.std().item(), 4),
    round(math.sqrt(2 / 256), 4),
    model[2].bias.abs().sum().item(),
)
# > 0.0881 0.0884 0.0

# not every built-in has a public reset_parameters(): attention initializes itself in a
# private _reset_parameters(), with xavier_uniform_
mha = nn.MultiheadAttention(8, 2)
print(hasattr(mha, "reset_parameters"), hasattr(mha, "_reset_parameters"))
# > False True

# nn.RNN, nn.LSTM and nn.GRU draw every weight and bias from U(-1/sqrt(hidden_size),
# 1/sqrt(hidden_size)): the bound comes from hidden_size, not from the input's size
lstm = nn.LSTM(input_size=100, hidden_size=4)
largest = max(p.abs().max().item() for p in lstm.parameters())
print(largest <= 1 / math.sqrt(4), largest > 1 / math.sqrt(100))
# > True True

opt = torch.optim.SGD(layer.parameters(), lr=0.1)
try:
    layer.weight = torch.randn(64, 256)  # replacing a Parameter by a plain tensor
except TypeError as e:
    print(textwrap.fill(str(e), 80))
    # > cannot assign 'torch.FloatTensor' as parameter 'weight' (torch.nn.Parameter or
    # > None expected)
# a new Parameter is accepted, but the optimizer still holds the old one
layer.weight = nn.Parameter(torch.randn(64, 256))
print(any(p is layer.weight for p in opt.param_groups[0]["params"]))
# > False

with torch.no_grad():
    # overwrite the values, keep the registered Parameter
    layer.weight.copy_(torch.randn(64, 256))
print(type(layer.weight).__name__)
# > Parameter
