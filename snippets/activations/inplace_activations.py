import textwrap

import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(4, 8)
lin = nn.Linear(8, 8)

# Linear -> ReLU(inplace=True): fine. Linear saved its input, not its output, and
# ReLU's backward needs only its own result, which is what the tensor now holds
pre = lin(x)
out = nn.ReLU(inplace=True)(pre)
print(out is pre, pre.grad_fn.next_functions[0][0].name())  # same tensor, new grad_fn
# > True AddmmBackward0
print(out.grad_fn.name(), hasattr(out.grad_fn, "_saved_result"))
# > ReluBackward0 True
print(hasattr(out.grad_fn, "_saved_self"))
# > False
out.sum().backward()
g_inplace = lin.weight.grad.clone()


# what a call adds to memory while its input is alive: the new buffers among its
# output and what autograd saved (storages other than the input's). ReLU, LeakyReLU
# and ELU save their result, so in place adds none; ReLU6 (hardtanh), SiLU,
# Hardswish and Mish need their input, and autograd saves a copy of it first
def new_buffers(act, inplace):
    saved = []
    pre = lin(x)
    with torch.autograd.graph.saved_tensors_hooks(
        lambda t: saved.append(t) or t, lambda t: t
    ):
        out = act(pre, inplace=inplace)
    storages = {t.untyped_storage().data_ptr() for t in [out, *saved]}
    return len(storages - {pre.untyped_storage().data_ptr()})


F = nn.functional
for act in (F.relu, F.leaky_relu, F.elu, F.relu6, F.silu, F.hardswish, F.mish):
    counts = [new_buffers(act, inplace) for inplace in (False, True)]
    print(f"{act.__name__:10} new buffers, out of place and in place: {counts}")
    # > relu       new buffers, out of place and in place: [1, 0]
    # > leaky_relu new buffers, out of place and in place: [1, 0]
    # > elu        new buffers, out of place and in place: [1, 0]
    # > relu6      new buffers, out of place and in place: [1, 1]
    # > silu       new buffers, out of place and in place: [1, 1]
    # > hardswish  new buffers, out of place and in place: [1, 1]
    # > mish       new buffers, out of place and in place: [1, 1]
pre = lin(x)
before = pre.detach().clone()
out = F.silu(pre, inplace=True)  # overwrites pre; backward gets the saved copy
print(out is pre, torch.equal(out.grad_fn._saved_self, before))
# > True True
lin.weight.grad = None
nn.ReLU()(lin(x)).sum().backward()
print(torch.equal(g_inplace, lin.weight.grad))
# > True

# Tanh -> ReLU(inplace=True): tanh saved its output for backward, and ReLU overwrote it
h = torch.tanh(lin(x))
nn.ReLU(inplace=True)(h)
try:
    h.sum().backward()
except RuntimeError as e:
    print(textwrap.fill(str(e).split(". Hint")[0], 80))
    # > one of the variables needed for gradient computation has been modified by an
    # > inplace operation: [torch.FloatTensor [4, 8]], which is output 0 of Tanh, is at
    # > version 1; expected version 0 instead

# BatchNorm (training mode) saves its input too: conv/linear -> BN -> ReLU(inplace)
# is safe, which is why ResNets use it
nn.ReLU(inplace=True)(nn.BatchNorm1d(8)(lin(x))).sum().backward()
for f in (torch.tanh, torch.sigmoid):  # both save their output: not safe
    t = f(lin(x))
    print(t.grad_fn.name(), hasattr(t.grad_fn, "_saved_result"))
    # > TanhBackward0 True
    # > SigmoidBackward0 True

# a leaf that requires grad cannot be written in place at all
w = torch.randn(3, requires_grad=True)
try:
    nn.functional.relu(w, inplace=True)
except RuntimeError as e:
    print(e)
    # > a leaf Variable that requires grad is being used in an in-place operation.

# LeakyReLU in place must recover the input's sign from the output: slope >= 0 only
v = torch.randn(3, requires_grad=True) * 1
nn.LeakyReLU(-0.1, inplace=True)(v)
try:
    v.sum().backward()
except RuntimeError as e:
    print(textwrap.fill(str(e).split(". This")[0], 80))
    # > In-place leakyReLu backward calculation is triggered with a negative slope which
    # > is not supported

# the silent one: a residual that kept a reference, not a copy
z = lin(x)
identity = z
y = nn.functional.relu(z, inplace=True) + identity  # meant relu(z) + z
print(torch.equal(y, 2 * torch.relu(lin(x))))  # identity was rectified too
# > True

# a forward hook that stored the Linear's output sees it rectified afterwards
seen = []
net = nn.Sequential(nn.Linear(8, 8), nn.ReLU(inplace=True))
net[0].register_forward_hook(lambda m, i, o: seen.append(o))
net(x)
print((seen[0] < 0).any().item())
# > False
