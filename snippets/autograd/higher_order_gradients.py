import textwrap
import warnings

import torch
from torch import nn

x = torch.tensor(2.0, requires_grad=True)
y = x**3

# returns the gradient, does not touch x.grad
(dy,) = torch.autograd.grad(y, x, create_graph=True)
print(dy, x.grad)  # 3x^2 = 12, and the result has a graph of its own
# > tensor(12., grad_fn=<MulBackward0>) None
(d2y,) = torch.autograd.grad(dy, x)  # 6x = 12
print(d2y)
# > tensor(12.)
(again,) = torch.autograd.grad(y, x)  # create_graph=True also retained y's graph
print(again)
# > tensor(12.)

# backward(create_graph=True) stores a .grad with a graph back to x: a reference cycle
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    (x**3).backward(create_graph=True)
print(x.grad)
# > tensor(12., grad_fn=<CopyBackwards>)
print(textwrap.fill(str(caught[0].message).split(". If")[0], 80))
# > Using backward() with create_graph=True will create a reference cycle between
# > the parameter and its gradient which can cause a memory leak. We recommend using
# > autograd.grad when creating the graph to avoid this
x.grad = None  # what the warning asks, to break the cycle

(g,) = torch.autograd.grad(x**3, x)  # without create_graph the result is a constant
try:
    torch.autograd.grad(g, x)
except RuntimeError as e:
    print(e)
    # > element 0 of tensors does not require grad and does not have a grad_fn


def new_bytes_saved(fn, known):
    """KiB of new storage autograd keeps for backward while fn runs."""
    held = {}

    def pack(t):
        s = t.untyped_storage()
        if s.data_ptr() not in known:
            held[s.data_ptr()] = s.nbytes()
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        out = fn()
    known.update(held)
    return out, sum(held.values()) // 1024


# Gradient penalty (WGAN-GP, input-gradient regularizers): backward through a gradient
torch.manual_seed(0)
critic = nn.Sequential(nn.Linear(2, 256), nn.Tanh(), nn.Linear(256, 1))
inp = torch.randn(64, 2, requires_grad=True)
known = {t.untyped_storage().data_ptr() for t in (inp, *critic.parameters())}
score, fwd_kib = new_bytes_saved(lambda: critic(inp).sum(), known)
(grad_inp,), bwd_kib = new_bytes_saved(
    lambda: torch.autograd.grad(score, inp, create_graph=True), known
)
print(f"forward kept {fwd_kib} KiB, the create_graph backward {bwd_kib} KiB more")
# > forward kept 64 KiB, the create_graph backward 128 KiB more
penalty = ((grad_inp.norm(dim=1) - 1) ** 2).mean()
penalty.backward()  # second-order terms reach the critic's weights
print(critic[0].weight.grad.shape, bool(critic[0].weight.grad.abs().sum() > 0))
# > torch.Size([256, 2]) True


def f(v):
    return (v**3).sum()


# functional API: Hessian = diag(6v), reverse-over-reverse
print(torch.func.jacrev(torch.func.jacrev(f))(torch.tensor([1.0, 2.0])))
# > tensor([[ 6.,  0.],
# >         [ 0., 12.]])
