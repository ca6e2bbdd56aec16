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

# clip_grad_value_ clamps each element: the direction changes
g = nn.Parameter(torch.zeros(2))
g.grad = torch.tensor([3.0, 0.5])
nn.utils.clip_grad_value_([g], clip_value=1.0)
print(g.grad)
# > tensor([1.0000, 0.5000])

# A non-finite gradient: by default no error. An inf norm makes the factor 0: the inf
# element becomes nan, the finite ones 0. A nan norm makes every element nan. step()
# then writes the nan into the weights.
for bad in (float("inf"), float("nan")):
    w = nn.Parameter(torch.zeros(2))
    w.grad = torch.tensor([bad, 1.0])
    norm = nn.utils.clip_grad_norm_([w], max_norm=1.0)
    grad = w.grad.clone()
    torch.optim.SGD([w], lr=0.1).step()
    print(norm, grad, w.detach())
    # > tensor(inf) tensor([nan, 0.]) tensor([nan, 0.])
    # > tensor(nan) tensor([nan, nan]) tensor([nan, nan])
try:
    nn.utils.clip_grad_norm_([w], max_norm=1.0, error_if_nonfinite=True)
except RuntimeError as e:
    print(textwrap.fill(str(e), 80, break_on_hyphens=False))
    # > The total norm of order 2.0 for gradients from `parameters` is non-finite, so it
    # > cannot be clipped. To disable this error and scale the gradients by the
    # > non-finite norm anyway, set `error_if_nonfinite=False`
