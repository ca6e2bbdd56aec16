import math
import textwrap

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)


def grad_norm(params):  # the L2 norm of all gradients concatenated into one vector
    return torch.linalg.vector_norm(
        torch.stack([torch.linalg.vector_norm(p.grad) for p in params])
    ).item()


loss = (model(torch.randn(16, 8)) * 100).pow(2).mean()  # a large loss: large gradients
loss.backward()  # 1. backward
params = list(model.parameters())
before = grad_norm(params)
total = nn.utils.clip_grad_norm_(params, max_norm=1.0)  # 2. clip (in place) ...
opt.step()  # 3. ... then step
# the norm BEFORE clipping
print(
    type(total).__name__, before > 1.0, math.isclose(total.item(), before, rel_tol=1e-5)
)
# > Tensor True True
# after: rescaled by min(1, max_norm / (total + 1e-6)): the norm is max_norm
print(round(grad_norm(params), 4))
# > 1.0

opt.zero_grad()
(model(torch.randn(16, 8)) * 1e-3).pow(2).mean().backward()  # a small gradient
small = grad_norm(params)
nn.utils.clip_grad_norm_(params, max_norm=1.0)
# under the threshold: left untouched
print(small < 1.0, math.isclose(grad_norm(params), small))
# > True True

# A non-finite gradient: by default no error. The returned norm is inf, and the
# rescaling turns the gradients into nan and 0, which step() writes into the weights.
w = nn.Parameter(torch.zeros(2))
w.grad = torch.tensor([float("inf"), 1.0])
print(nn.utils.clip_grad_norm_([w], max_norm=1.0), w.grad)
# > tensor(inf) tensor([nan, 0.])
try:
    nn.utils.clip_grad_norm_([w], max_norm=1.0, error_if_nonfinite=True)
except RuntimeError as e:
    print(textwrap.fill(str(e), 80, break_on_hyphens=False))
    # > The total norm of order 2.0 for gradients from `parameters` is non-finite, so it
    # > cannot be clipped. To disable this error and scale the gradients by the
    # > non-finite norm anyway, set `error_if_nonfinite=False`
