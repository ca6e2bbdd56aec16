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
