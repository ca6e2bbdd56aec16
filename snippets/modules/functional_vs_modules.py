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


# The default of `training` is not the same for every functional:
for f in (F.dropout, F.dropout2d, F.alpha_dropout, F.rrelu, F.batch_norm):
    print(f.__name__, inspect.signature(f).parameters["training"].default)
    # > dropout True
    # > dropout2d True
    # > alpha_dropout False
    # > rrelu False
    # > batch_norm False

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

# The opposite trap: F.batch_norm without training=True never uses the batch's
# statistics. With running stats 0 and 1 it leaves the batch unnormalized.
torch.manual_seed(0)
batch = 3 + 5 * torch.randn(64, 4)
out = F.batch_norm(batch, torch.zeros(4), torch.ones(4))
print(round(out.mean().item(), 1), round(out.std().item(), 1))
# > 3.1 4.7
out = F.batch_norm(batch, torch.zeros(4), torch.ones(4), training=True)
print(abs(out.mean().item()) < 1e-4, round(out.std().item(), 1))
# > True 1.0
