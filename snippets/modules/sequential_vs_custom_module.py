from collections import OrderedDict

import torch
from torch import nn

torch.manual_seed(0)
seq = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 2))
print(list(seq.state_dict()))  # keys are the positions
# > ['0.weight', '0.bias', '2.weight', '2.bias']
print(seq[0], type(seq[:2]).__name__, seq[:2][0] is seq[0])  # a slice shares the layers
# > Linear(in_features=4, out_features=4, bias=True) Sequential True

layers = OrderedDict(fc1=nn.Linear(4, 4), act=nn.ReLU(), fc2=nn.Linear(4, 2))
named = nn.Sequential(layers)
print(list(named.state_dict()))  # same layers, other keys
# > ['fc1.weight', 'fc1.bias', 'fc2.weight', 'fc2.bias']
try:
    named.load_state_dict(seq.state_dict())
except RuntimeError as e:
    print(str(e).splitlines()[0])
    # > Error(s) in loading state_dict for Sequential:


longer = nn.Sequential(*seq)  # the same layers, one inserted: the keys after it shift
longer.insert(1, nn.Dropout())
print(list(longer.state_dict())[2:])
# > ['3.weight', '3.bias']


class Residual(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, dim))

    def forward(self, x):
        return x + self.body(x)  # the skip: Sequential only chains outputs


block = Residual(4)
x = torch.randn(2, 4)
print(torch.allclose(block(x), x + block.body(x)), list(block.state_dict())[:2])
# > True ['body.0.weight', 'body.0.bias']
try:
    nn.Sequential(nn.Linear(4, 4))(x, x)  # one input in, one output out
except TypeError as e:
    print(e)
    # > Sequential.forward() takes 2 positional arguments but 3 were given
