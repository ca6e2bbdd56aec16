import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
x = torch.randn(4, 3)

model(x).sum().backward()
g1 = model.weight.grad.clone()
# no zero_grad in between: the second gradient is ADDED to the first
model(x).sum().backward()
print(torch.allclose(model.weight.grad, 2 * g1))
# > True

# default set_to_none=True: the .grad tensors are dropped, not filled with zeros
opt.zero_grad()
print(model.weight.grad)
# > None

model(x).sum().backward()
opt.step()  # one real step: the momentum buffer is now non-zero

opt.zero_grad(set_to_none=False)  # the pre-2.0 default: zero tensors
before = model.weight.detach().clone()
opt.step()  # a zero gradient is still a gradient: momentum moves the weight
print(torch.equal(before, model.weight))
# > False

opt.zero_grad()  # None: the optimizer skips the parameter entirely
before = model.weight.detach().clone()
opt.step()
print(torch.equal(before, model.weight))
# > True

# Each optimizer skips a parameter whose .grad is None. A zero .grad goes through the
# update: it moves the weight where there is momentum or weight decay (SGD with
# momentum, Adam, AdamW's default 0.01), not in plain RMSprop. One real step, then one
# after each kind of zero_grad:
for make in (
    lambda ps: torch.optim.SGD(ps, lr=0.1, momentum=0.9),
    lambda ps: torch.optim.Adam(ps, lr=0.1),
    lambda ps: torch.optim.AdamW(ps, lr=0.1),
    lambda ps: torch.optim.RMSprop(ps, lr=0.1),
):
    moved = []
    for set_to_none in (False, True):
        torch.manual_seed(0)
        layer = nn.Linear(3, 1)
        opt = make(layer.parameters())
        layer(x).sum().backward()
        opt.step()
        opt.zero_grad(set_to_none=set_to_none)
        before = layer.weight.detach().clone()
        opt.step()
        moved.append(not torch.equal(before, layer.weight))
    print(type(opt).__name__, "zeros moved:", moved[0], "None moved:", moved[1])
    # > SGD zeros moved: True None moved: False
    # > Adam zeros moved: True None moved: False
    # > AdamW zeros moved: True None moved: False
    # > RMSprop zeros moved: False None moved: False
