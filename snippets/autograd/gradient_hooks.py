import warnings
import weakref

import torch
from torch import nn

torch.manual_seed(0)
w = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)

seen = {}
h = w * 10
# read an intermediate's gradient (update() returns None: the gradient is unchanged)
h.register_hook(lambda g: seen.update(h=g))
# a returned tensor replaces the gradient
clip = w.register_hook(lambda g: g.clamp(-5, 5))
(h**2).sum().backward()
# dL/dh = 2h; dL/dw = 20h = [200, -400, 600] before the hook clamps it
print(seen["h"], w.grad)
# > tensor([ 20., -40.,  60.]) tensor([ 5., -5.,  5.])

clip.remove()  # hooks stay until removed
w.grad = None
(w * 10).pow(2).sum().backward()
print(w.grad)
# > tensor([ 200., -400.,  600.])

# A hook must not modify its argument in place: add hands the same gradient tensor to
# both inputs, so g.mul_(2) on a's hook doubles b's gradient too; return g * 2 instead
c = torch.tensor([1.0, 2.0])
for name, hook in (("g.mul_(2)", lambda g: g.mul_(2)), ("g * 2", lambda g: g * 2)):
    a, b = torch.ones(2, requires_grad=True), torch.ones(2, requires_grad=True)
    a.register_hook(hook)
    ((a + b) * c).sum().backward()
    print(f"{name:>9}: a.grad {a.grad}, b.grad {b.grad}")
    # > g.mul_(2): a.grad tensor([2., 4.]), b.grad tensor([2., 4.])
    # >     g * 2: a.grad tensor([2., 4.]), b.grad tensor([1., 2.])

# A hook on an intermediate is stored on its grad_fn: it lives as long as the graph,
# even after the tensor itself is deleted
calls = []
p = torch.ones(2, requires_grad=True)
h = p * 2
h.register_hook(lambda g: calls.append("fired"))
loss = h.sum()
h_ref = weakref.ref(h)
del h
loss.backward()
print(h_ref() is None, calls)  # the tensor is gone, its hook still fired
# > True ['fired']

# Registered every iteration: each forward builds a new graph, so an intermediate's
# hook is used once; one on a leaf (a parameter) stays and piles up
calls = {"intermediate": 0, "leaf": 0}
p = torch.ones(2, requires_grad=True)
for _ in range(3):
    h = p * 2
    h.register_hook(lambda g: calls.update(intermediate=calls["intermediate"] + 1))
    p.register_hook(lambda g: calls.update(leaf=calls["leaf"] + 1))
    h.sum().backward()
print(calls)  # leaf: 1 + 2 + 3 calls
# > {'intermediate': 3, 'leaf': 6}

# Module hooks: see the gradients flowing out of and into a layer
layer = nn.Linear(3, 2)
layer.register_full_backward_hook(
    lambda mod, grad_in, grad_out: seen.update(out=grad_out[0], inp=grad_in[0])
)
layer(torch.randn(4, 3, requires_grad=True)).sum().backward()
print(seen["out"].shape, seen["inp"].shape)  # dL/d(output), dL/d(input) of the layer
# > torch.Size([4, 2]) torch.Size([4, 3])
# grad_input is the gradient w.r.t. the layer's inputs, not its weights: for a first
# layer fed data, which needs no gradient, it is None (and torch warns)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    layer(torch.randn(4, 3)).sum().backward()
print(seen["inp"], str(caught[0].message).split(" with")[0])
# > None Full backward hook is firing when gradients are computed

# After accumulation into .grad (e.g. to step the optimizer per parameter inside
# backward): the hook gets the parameter itself, not the gradient; leaves only
q = nn.Parameter(torch.ones(2))
q.register_post_accumulate_grad_hook(
    lambda param: seen.update(same=param is q, p=param.grad.clone())
)
(q * 3).sum().backward()
print(seen["same"], seen["p"])
# > True tensor([3., 3.])
try:
    (q * 3).register_post_accumulate_grad_hook(lambda param: None)
except RuntimeError as e:
    print(e)
    # > post accumulate grad hooks cannot be registered on non-leaf tensors
