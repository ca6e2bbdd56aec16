import inspect

import torch
import torch.nn.functional as F
from torch import nn


class FunctionalDropout(nn.Module):
    def forward(self, x):
        # training defaults to True: model.eval() cannot switch it off
        return F.dropout(x, p=0.5)


class FixedFunctionalDropout(nn.Module):
    def forward(self, x):
        # follows model.train()/model.eval()
        return F.dropout(x, p=0.5, training=self.training)


print(inspect.signature(F.dropout))
# > (input: torch.Tensor, p: float = 0.5, training: bool = True, inplace: bool = False) -> torch.Tensor

x = torch.ones(8)
# a module = state (weight, bias, training flag) + the functional op
lin = nn.Linear(8, 2)
print(torch.equal(lin(x), F.linear(x, lin.weight, lin.bias)))
# > True

for model in (FunctionalDropout(), FixedFunctionalDropout(), nn.Dropout(p=0.5)):
    model.eval()
    # in eval mode dropout must be the identity
    print(type(model).__name__, torch.equal(model(x), x))
    # > FunctionalDropout False
    # > FixedFunctionalDropout True
    # > Dropout True
