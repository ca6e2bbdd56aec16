import gc
import warnings
import weakref

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
old_head = weakref.ref(model[2].weight)
model[2] = nn.Linear(8, 5)  # new head after the optimizer was built

x, y = torch.randn(16, 4), torch.randint(0, 5, (16,))
head_before = model[2].weight.clone()
body_before = model[0].weight.clone()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    nn.functional.cross_entropy(model(x), y).backward()
    opt.step()
gc.collect()
print(len(caught), old_head() is not None)  # no warning; the old head is kept alive
# > 0 True
print(model[2].weight.grad is not None)  # it has a gradient...
# > True
print(torch.equal(model[2].weight, head_before))  # ...and never changes
# > True
print(torch.equal(model[0].weight, body_before))  # the body does
# > False
print(sum(len(g["params"]) for g in opt.param_groups))  # still the old 4 tensors
# > 4

try:  # all of model.parameters() again: the body is already in group 0
    opt.add_param_group({"params": model.parameters()})
except ValueError as e:
    print(e)
    # > some parameters appear in more than one parameter group
opt.add_param_group({"params": model[2].parameters(), "lr": 1.0})
opt.step()
print(torch.equal(model[2].weight, head_before), len(opt.param_groups))
# > False 2

# .to() / .float() keep the same Parameter objects: the optimizer still holds them
ids = [id(p) for p in model.parameters()]
model.to(torch.float64)
print(ids == [id(p) for p in model.parameters()])
# > True
# re-assigning a Parameter replaces the object: the optimizer keeps the old one
model[0].weight = nn.Parameter(model[0].weight.detach().clone())
print(any(p is model[0].weight for g in opt.param_groups for p in g["params"]))
# > False
