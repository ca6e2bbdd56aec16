import math

import torch
import torch.nn.functional as F
from torch import nn


class MyLinear(nn.Module):
    """y = x @ W.T + b, with a buffer counting the forward calls."""

    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()  # first: it creates the registries
        self.in_features, self.out_features = in_features, out_features
        kw = {"device": device, "dtype": dtype}
        self.weight = nn.Parameter(torch.empty(out_features, in_features, **kw))
        if bias:
            self.bias = nn.Parameter(torch.empty(out_features, **kw))
        else:
            self.register_parameter("bias", None)  # a registered "no bias"
        self.register_buffer("calls", torch.zeros((), dtype=torch.long, device=device))
        self.reset_parameters()

    def reset_parameters(self):  # nn.Linear's own init
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            bound = 1 / math.sqrt(self.in_features)
            nn.init.uniform_(self.bias, -bound, bound)

    def forward(self, x):
        self.calls += 1
        return F.linear(x, self.weight, self.bias)  # autograd derives the backward

    def extra_repr(self):  # what print(module) shows inside the parentheses
        bias = self.bias is not None
        return (
            f"in_features={self.in_features}, out_features={self.out_features}, {bias=}"
        )


torch.manual_seed(0)
layer = MyLinear(3, 2)
print(layer)
# > MyLinear(in_features=3, out_features=2, bias=True)
print([n for n, _ in layer.named_parameters()], list(layer.state_dict()))
# > ['weight', 'bias'] ['weight', 'bias', 'calls']

# the same init and the same function as nn.Linear, given the same seed
torch.manual_seed(0)
ref = nn.Linear(3, 2)
x = torch.randn(4, 3)
print(torch.equal(layer.weight, ref.weight), torch.allclose(layer(x), ref(x)))
# > True True
layer(x).sum().backward()
print(layer.weight.grad.shape, int(layer.calls))
# > torch.Size([2, 3]) 2

no_bias = MyLinear(3, 2, bias=False)
print(no_bias.bias, list(no_bias.state_dict()))
# > None ['weight', 'calls']
print(MyLinear(3, 2, device="meta").weight.device)  # built without memory
# > meta

# the trap: wrapping, then scaling, leaves a plain tensor; scale, then wrap
w = nn.Parameter(torch.randn(2, 3)) * 0.01
right = nn.Parameter(torch.randn(2, 3) * 0.01)
print(type(w).__name__, w.is_leaf, type(right).__name__, right.is_leaf)
# > Tensor False Parameter True
m = nn.Module()
m.w = w  # an ordinary attribute: not a parameter, not saved
print(list(m.parameters()), list(m.state_dict()))
# > [] []
try:
    layer.weight = w  # an existing parameter's name only takes a Parameter
except TypeError as e:
    print(str(e).split(" (")[0])
    # > cannot assign 'torch.FloatTensor' as parameter 'weight'
