import torch
from torch import nn


class ListMLP(nn.Module):
    def __init__(self):
        super().__init__()
        # a Python list: nn.Module does not look inside
        self.layers = [nn.Linear(4, 4) for _ in range(3)]

    def forward(self, x):
        for layer in self.layers:
            x = torch.relu(layer(x))
        return x


class ModuleListMLP(nn.Module):
    def __init__(self):
        super().__init__()
        # each layer registered as layers.0, ...
        self.layers = nn.ModuleList(nn.Linear(4, 4) for _ in range(3))

    def forward(self, x):
        for layer in self.layers:
            x = torch.relu(layer(x))
        return x


torch.manual_seed(0)
x = torch.randn(8, 4)
for model in (ListMLP(), ModuleListMLP()):
    params, keys = list(model.parameters()), list(model.state_dict())
    print(type(model).__name__, len(params), keys[:1])
    # > ListMLP 0 []
    # > ModuleListMLP 6 ['layers.0.weight']
# the dict containers register their items under their keys
modules = nn.ModuleDict({"enc": nn.Linear(4, 4)})
params = nn.ParameterDict({"scale": nn.Parameter(torch.ones(1))})
print(list(modules.state_dict()), list(params.state_dict()))
# > ['enc.weight', 'enc.bias'] ['scale']

bad = ListMLP()
print(bad(x).shape)  # the forward pass works
# > torch.Size([8, 4])
bad.eval().to(torch.float64)  # neither reaches the listed layers
print(bad.layers[0].training, bad.layers[0].weight.dtype)
# > True torch.float32
try:
    torch.optim.SGD(bad.parameters(), lr=0.1)  # the optimizer gets nothing
except ValueError as e:
    print(e)
    # > optimizer got an empty parameter list

# With one registered layer next to the list, the optimizer is created and training
# "runs":
bad.head = nn.Linear(4, 1)
opt = torch.optim.SGD(bad.parameters(), lr=0.1)
before = bad.layers[0].weight.clone()
bad.head(bad(x)).pow(2).mean().backward()
opt.step()
# grads, but no update
print(bad.layers[0].weight.grad is not None, torch.equal(before, bad.layers[0].weight))
# > True True
