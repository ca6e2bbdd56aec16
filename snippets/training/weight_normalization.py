import warnings

import torch
import torch.nn.functional as F
from torch import nn
from torch.nn.utils.parametrizations import weight_norm

torch.manual_seed(0)
layer = weight_norm(nn.Linear(4, 3))  # w = g * v / ||v||, one g per output row (dim=0)
g = layer.parametrizations.weight.original0
v = layer.parametrizations.weight.original1
print(tuple(g.shape), tuple(v.shape))
# > (3, 1) (3, 4)
w = layer.weight
print(torch.allclose(w.norm(dim=1, keepdim=True), g.abs()))  # the norm is g
# > True

# the gradients (Salimans & Kingma, eq. 3): g gets the gradient's component along
# the direction; v gets g / ||v|| times the rest, orthogonal to v
x, target = torch.randn(8, 4), torch.randn(8, 3)
w_plain = w.detach().requires_grad_()
F.mse_loss(F.linear(x, w_plain, layer.bias), target).backward()
grad_w = w_plain.grad
F.mse_loss(layer(x), target).backward()
v_norm = v.norm(dim=1, keepdim=True)
unit = w.detach() / w.detach().norm(dim=1, keepdim=True)
print(torch.allclose(g.grad, (grad_w * v / v_norm).sum(1, keepdim=True)))
# > True
along = (grad_w * unit).sum(1, keepdim=True) * unit
print(torch.allclose(v.grad, g / v_norm * (grad_w - along), atol=1e-6))
# > True
print((v.grad * v).sum(1).abs().max().item() < 1e-6)  # orthogonal to v
# > True

# so an SGD step can only lengthen v, and a longer v takes smaller steps in direction
before = v.norm(dim=1).clone()
torch.optim.SGD(layer.parameters(), lr=0.1).step()
print(bool((v.norm(dim=1) > before).all()))
# > True


def grad_of_v():
    layer.zero_grad()
    F.mse_loss(layer(x), target).backward()
    return v.grad.norm().item()


w_before, grad_before = layer.weight.detach().clone(), grad_of_v()
with torch.no_grad():
    v.mul_(10)  # ten times longer: the same weight, a tenth of the gradient
print(torch.allclose(layer.weight, w_before), round(grad_of_v() / grad_before, 3))
# > True 0.1

# no batch statistics: a sample's output is the same alone and in its batch
print(torch.allclose(layer(x[:1]), layer(x)[:1]))
# > True

# the hook-based torch.nn.utils.weight_norm is deprecated on this torch
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    nn.utils.weight_norm(nn.Linear(4, 3))
print(caught[0].category.__name__, str(caught[0].message).split(" in favor")[0])
# > FutureWarning `torch.nn.utils.weight_norm` is deprecated
