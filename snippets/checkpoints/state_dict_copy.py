import copy

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)

best = model.state_dict()  # "keep the best weights so far"
# or {k: v.detach().clone() for k, v in ...}
best_copy = copy.deepcopy(model.state_dict())
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
print(torch.equal(torch.load("best.pt")["weight"], best_copy["weight"]))
# > True
