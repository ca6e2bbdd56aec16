import torch
from torch import nn

torch.manual_seed(0)

# 1. An op after requires_grad=True makes the tensor you keep a non-leaf
w = torch.randn(3, requires_grad=True) * 0.01
d = torch.randn(3, requires_grad=True).double()
print(w.is_leaf, w.grad_fn.name(), d.is_leaf, d.grad_fn.name())
# > False MulBackward0 False ToCopyBackward0
# a device change is the same copy: shown for "meta", which needs no GPU
m = torch.randn(3, requires_grad=True).to("meta")
print(m.is_leaf, m.grad_fn.name())
# > False ToCopyBackward0
try:
    torch.optim.SGD([w], lr=0.1)  # an optimizer refuses it outright
except ValueError as e:
    print(e)
    # > can't optimize a non-leaf Tensor
w = (torch.randn(3) * 0.01).requires_grad_()  # fix: do the math first, then mark it
print(w.is_leaf)
# > True
# A module's .to() / .double() is not that copy: by default a dtype change (or a move
# between CPU and an accelerator) converts each parameter in place (param.data = ...),
# and the same Parameter objects stay leaves
lin = nn.Linear(2, 2)
weight = lin.weight
lin.double()
print(lin.weight is weight, lin.weight.is_leaf, lin.weight.dtype)
# > True True torch.float64
# unless conversion is set to overwrite: new leaves, and an optimizer built before
# .to() would still hold the old ones
torch.__future__.set_overwrite_module_params_on_conversion(True)
weight = lin.weight
lin.float()
print(lin.weight is weight, lin.weight.is_leaf)
# > False True
torch.__future__.set_overwrite_module_params_on_conversion(False)
# to the meta device the tensor types are not compatible: new Parameters by default,
# and an optimizer built before .to() still holds the old one
opt = torch.optim.SGD(lin.parameters(), lr=0.1)
weight = lin.weight
lin.to("meta")
print(lin.weight is weight, opt.param_groups[0]["params"][0] is weight)
# > False True
# the swap flag keeps the same objects even there, swapping their contents
torch.__future__.set_swap_module_params_on_conversion(True)
lin = nn.Linear(2, 2)
weight = lin.weight
lin.to("meta")
print(lin.weight is weight, weight.device)
# > True meta
torch.__future__.set_swap_module_params_on_conversion(False)


# 2. A parameter that forward never uses
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.used, self.unused = nn.Linear(2, 1), nn.Linear(2, 1)

    def forward(self, x):
        return self.used(x)


net = Net()
net(torch.randn(4, 2)).sum().backward()
print(net.used.weight.grad is None, net.unused.weight.grad is None)
# > False True

# 3. Part of the forward under no_grad (or behind a detach()): what ran there gets None
frozen, head = nn.Linear(2, 2), nn.Linear(2, 1)
x = torch.randn(4, 2)
with torch.no_grad():
    feats = frozen(x)
head(feats).sum().backward()
print(frozen.weight.grad is None, head.weight.grad is None)
# > True False
# the whole forward under no_grad: nothing requires grad, and backward() raises
with torch.no_grad():
    out = head(frozen(x))
try:
    out.sum().backward()
except RuntimeError as e:
    print(str(e).split(" and ")[0])
    # > element 0 of tensors does not require grad

# 4. zero_grad() sets .grad to None (set_to_none=True is the default)
torch.optim.SGD(net.parameters(), lr=0.1).zero_grad()
print(net.used.weight.grad)
# > None
