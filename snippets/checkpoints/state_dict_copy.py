import copy

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)

best = model.state_dict()  # "keep the best weights so far"
# or {k: v.detach().clone() for k, v in ...}
best_copy = copy.deepcopy(model.state_dict())
# on a GPU, a copy in host memory: .to("cpu") alone would return the CPU tensor itself
host = {k: v.detach().to("cpu", copy=True) for k, v in model.state_dict().items()}
torch.save(model.state_dict(), "best.pt")  # the values of this moment, on disk
print(
    best["weight"].data_ptr() == model.weight.data_ptr(), best["weight"].requires_grad
)
# > True False

loss = model(torch.randn(8, 4)).pow(2).mean()  # training goes on
loss.backward()
opt.step()

# the "best" weights moved with the model
print(torch.equal(best["weight"], model.weight))
# > True
print(torch.equal(best_copy["weight"], model.weight))
# > False
print(torch.equal(host["weight"], best_copy["weight"]), host["weight"].device)
# > True cpu
print(torch.equal(torch.load("best.pt")["weight"], best_copy["weight"]))
# > True

# The optimizer's state_dict() is no snapshot either: it holds the live state tensors
# (Adam's moments, and its step count, a tensor updated in place).
adam = torch.optim.Adam(model.parameters(), lr=0.1)


def train_step():
    adam.zero_grad()
    model(torch.randn(8, 4)).pow(2).mean().backward()
    adam.step()


train_step()
best_opt, best_opt_copy = adam.state_dict(), copy.deepcopy(adam.state_dict())
train_step()
print(best_opt["state"][0]["step"].item(), best_opt_copy["state"][0]["step"].item())
# > 2.0 1.0
