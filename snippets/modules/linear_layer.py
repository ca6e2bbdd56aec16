import math

import torch
from torch import nn

torch.manual_seed(0)
layer = nn.Linear(4, 3, dtype=torch.float64)
print("weight", tuple(layer.weight.shape), "bias", tuple(layer.bias.shape))
# > weight (3, 4) bias (3,)
print("parameters:", sum(p.numel() for p in layer.parameters()))  # 3 * 4 + 3
# > parameters: 15

x = torch.randn(2, 4, dtype=torch.float64)
manual = x @ layer.weight.T + layer.bias  # y = x W^T + b
print("same as x @ W.T + b:", torch.allclose(layer(x), manual))
# > same as x @ W.T + b: True
try:
    x @ layer.weight  # forgetting the transpose
except RuntimeError as e:
    print(e)
    # > mat1 and mat2 shapes cannot be multiplied (2x4 and 3x4)

# only the last dimension is mixed: (2, 5, 4) -> (2, 5, 3), row by row
x3 = torch.randn(2, 5, 4, dtype=torch.float64)
flat = layer(x3.reshape(10, 4)).reshape(2, 5, 3)
print(tuple(layer(x3).shape), torch.allclose(layer(x3), flat))
# > (2, 5, 3) True

# backward: dL/dW = g^T x, the same (out, in) shape as W; dL/db = g summed over rows
g = torch.randn(2, 3, dtype=torch.float64)
layer(x).backward(g)
print("grad W = g.T @ x:", torch.allclose(layer.weight.grad, g.T @ x))
# > grad W = g.T @ x: True
print("grad b = g.sum(0):", torch.allclose(layer.bias.grad, g.sum(0)))
# > grad b = g.sum(0): True

# default init: weight and bias uniform in +-1/sqrt(in_features)
big = nn.Linear(256, 256)
bound = 1 / math.sqrt(256)
for p in (big.weight, big.bias):
    print(bool(p.abs().max() <= bound), round(p.abs().max().item() / bound, 2))
    # > True 1.0
    # > True 1.0

# a Keras-style kernel is (in, out): not square, load_state_dict refuses it
try:
    layer.load_state_dict({"weight": torch.randn(4, 3), "bias": torch.zeros(3)})
except RuntimeError as e:
    print(str(e).splitlines()[1].strip().split(" from checkpoint")[0])
    # > size mismatch for weight: copying a param with shape torch.Size([4, 3])
# square, it loads without an error, and is wrong
kernel = torch.randn(4, 4, dtype=torch.float64)  # y = x @ kernel in the other framework
sq = nn.Linear(4, 4, bias=False, dtype=torch.float64)
print(sq.load_state_dict({"weight": kernel}))
# > <All keys matched successfully>
x4 = torch.randn(2, 4, dtype=torch.float64)
print("no transpose:", torch.allclose(sq(x4), x4 @ kernel))
# > no transpose: False
sq.load_state_dict({"weight": kernel.T})
print("kernel.T:", torch.allclose(sq(x4), x4 @ kernel))
# > kernel.T: True

lazy = nn.LazyLinear(3)  # in_features taken from the first input
print(type(lazy.weight).__name__)
# > UninitializedParameter
lazy(torch.randn(2, 7))
print(type(lazy.weight).__name__, tuple(lazy.weight.shape), type(lazy).__name__)
# > Parameter (3, 7) Linear
