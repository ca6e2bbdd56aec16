import torch
from torch import nn

torch.manual_seed(0)
# A dtype change stands in for .to("cuda") here: between dense backends (CPU, CUDA,
# MPS, XPU...) Module.to takes the same path for both, `param.data = converted`.
model = nn.Linear(3, 2)
weight = model.weight
optimizer = torch.optim.Adam(model.parameters(), lr=0.1)  # created BEFORE the move
model.to(torch.float64)
print(model.weight is weight, weight.dtype)  # the same Parameter object, now converted
# > True torch.float64
# so the optimizer still holds it
print(optimizer.param_groups[0]["params"][0] is model.weight)
# > True

x = torch.randn(4, 3, dtype=torch.float64)
model(x).sum().backward()
# works: Adam creates its state lazily, at the first step, next to the parameter
optimizer.step()
print(optimizer.state[model.weight]["exp_avg"].dtype)
# > torch.float64

# What does break: moving the model after the optimizer has state. The state stays
# behind.
model.to(torch.float32)
optimizer.zero_grad()
model(x.float()).sum().backward()
try:
    optimizer.step()
except RuntimeError as e:
    print(e)
    # > expected dtype double for `end` but got dtype float

# load_state_dict casts each state tensor to its parameter's device and dtype.
optimizer.load_state_dict(optimizer.state_dict())
optimizer.step()
print(optimizer.state[model.weight]["exp_avg"].dtype)
# > torch.float32

# Adagrad creates its state in the constructor: there is state before any step.
other = nn.Linear(3, 2)
print(sorted(torch.optim.Adagrad(other.parameters()).state[other.weight]))
# > ['step', 'sum']

# To a device outside that family ("meta" here; XLA too) Module.to makes NEW
# Parameters, and an optimizer built before the move holds the old ones.
model.to("meta")
print(model.weight is weight, optimizer.param_groups[0]["params"][0] is model.weight)
# > False False

# Unless torch swaps them: with the swap flag (torch swaps anyway for tensor
# subclasses such as DTensor) the Parameter objects are kept, to "meta" too.
torch.__future__.set_swap_module_params_on_conversion(True)
swapped = nn.Linear(3, 2)
kept = swapped.weight
swapped.to("meta")
print(swapped.weight is kept, swapped.weight.device)
# > True meta
