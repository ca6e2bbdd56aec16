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
    print(type(model).__name__, len(list(model.parameters())), len(model.state_dict()))
    # > ListMLP 0 0
    # > ModuleListMLP 6 6

bad = ListMLP()
try:
    # the forward pass works; the optimizer gets nothing
    torch.optim.SGD(bad.parameters(), lr=0.1)
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
