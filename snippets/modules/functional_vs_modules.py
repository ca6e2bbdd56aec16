import inspect

import torch
import torch.nn.functional as F
from torch import nn


class FunctionalDropout(nn.Module):
    def forward(self, x):
        return F.dropout(x, p=0.5)  # training defaults to True: model.eval() cannot switch it off


class FixedFunctionalDropout(nn.Module):
    def forward(self, x):
        return F.dropout(x, p=0.5, training=self.training)  # follows model.train()/model.eval()


print(inspect.signature(F.dropout))
# > (input: torch.Tensor, p: float = 0.5, training: bool = True, inplace: bool = False) -> torch.Tensor

x = torch.ones(8)
lin = nn.Linear(8, 2)  # a module = state (weight, bias, training flag) + the functional op
print(torch.equal(lin(x), F.linear(x, lin.weight, lin.bias)))
# > True

for model in (FunctionalDropout(), FixedFunctionalDropout(), nn.Dropout(p=0.5)):
    model.eval()
    print(type(model).__name__, torch.equal(model(x), x))  # in eval mode dropout must be the identity
    # > FunctionalDropout False
    # > FixedFunctionalDropout True
    # > Dropout True
