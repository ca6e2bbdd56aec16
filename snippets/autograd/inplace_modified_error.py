import textwrap

import numpy as np
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
# what each backward formula keeps: sigmoid and exp their output, mul the other factor
for t in (w.sigmoid(), w.exp(), w * 3):
    saved = [n for n in dir(t.grad_fn) if n.startswith("_saved_")]
    print(t.grad_fn.name(), [(n, getattr(t.grad_fn, n) is not None) for n in saved])
    # > SigmoidBackward0 [('_saved_result', True)]
    # > ExpBackward0 [('_saved_result', True)]
    # > MulBackward0 [('_saved_other', True), ('_saved_self', False)]

y = w.sigmoid()  # SigmoidBackward saves its output y: grad = y * (1 - y)
print(y._version)
# > 0
y.mul_(2)  # an in-place write bumps the tensor's version counter
print(y._version)
# > 1
try:
    y.sum().backward()  # backward checks the saved version against the current one
except RuntimeError as e:
    print(textwrap.fill(str(e), 80))
    # > one of the variables needed for gradient computation has been modified by an
    # > inplace operation: [torch.FloatTensor [2]], which is output 0 of Sigmoid, is at
    # > version 1; expected version 0 instead. Hint: enable anomaly detection to find
    # > the operation that failed to compute its gradient, with
    # > torch.autograd.set_detect_anomaly(True, check_nan=False).


# Which op "which is output 0 of X" names depends on what was saved
def named(forward):
    """The X the error names for the modified tensor, or "no op"."""
    try:
        forward().sum().backward()
    except RuntimeError as e:
        head = str(e).split(" is at version")[0]
        if "which is " not in head:
            return "no op"
        return head.split("which is ")[1].rstrip(",")


def saved_output():  # sigmoid saved its output: the message names sigmoid,
    return torch.nn.ReLU(inplace=True)(w.sigmoid())  # not the ReLU that wrote it


def saved_input():  # Linear saves its input h: the message names the write to h
    h = lin1(x)
    out = lin2(h)
    h += 1  # e.g. a residual added in place
    return out


def saved_plain():  # mul saved c, which has no grad_fn: no op is named at all
    c = torch.ones(2)
    out = w * c
    c.add_(1)
    return out


torch.manual_seed(0)
lin1, lin2, x = torch.nn.Linear(3, 4), torch.nn.Linear(4, 2), torch.randn(5, 3)
for forward in (saved_output, saved_input, saved_plain):
    print(forward.__name__, "->", named(forward))
    # > saved_output -> output 0 of Sigmoid
    # > saved_input -> output 0 of Add
    # > saved_plain -> no op

# A write through .data bypasses the counter (and the check: see detach vs item)
y = w.sigmoid()
y.data.mul_(2)
print(y._version)
# > 0
# so does a write through a NumPy array that shares y's memory: backward then
# silently uses the zeroed y (the right gradient is sigmoid'(w) = [0.1966, 0.1050])
y = w.sigmoid()
y.detach().numpy()[:] = 0
y.sum().backward()
print(y._version, w.grad)
# > 0 tensor([0., 0.])
# and a write to the array behind torch.from_numpy (the right gradient is c = [1, 2])
w.grad = None
a = np.array([1.0, 2.0], dtype=np.float32)
c = torch.from_numpy(a)
out = w * c  # mul saves c, because w needs a gradient
a[:] = 0
out.sum().backward()
print(c._version, w.grad)
# > 0 tensor([0., 0.])
# views share one counter with their base: a write to b[1:] breaks the saved b[:1],
# though it leaves b[:1]'s values as they were
b = w * 1
out = b[:1] ** 2  # pow saves its input, the view b[:1]
b[1:].add_(1)
try:
    out.sum().backward()
except RuntimeError as e:
    print(b[:1].tolist(), "modified by an inplace operation" in str(e))
    # > [1.0] True
# a write under no_grad() is still counted, and caught
w.grad = None
y = w.sigmoid()
with torch.no_grad():
    y.mul_(2)
try:
    y.sum().backward()
except RuntimeError as e:
    print(y._version, "modified by an inplace operation" in str(e))
    # > 1 True

y = w.sigmoid()
z = y * 2  # out-of-place: y stays at version 0
z.sum().backward()
print(w.grad)
# > tensor([0.3932, 0.2100])

w.grad = None
a = w * 3  # mul saved only the factor 3 (see above), not w or a
a.add_(1)  # so modifying a in place is fine
a.sum().backward()
print(w.grad)
# > tensor([3., 3.])

# The library's way out: under allow_mutation_on_saved_tensors() a saved tensor is
# cloned when it is written (a copy's memory), and backward uses the original values
w.grad = None
with torch.autograd.graph.allow_mutation_on_saved_tensors():
    y = w.sigmoid()
    y.mul_(2)
    y.sum().backward()
print(w.grad)  # 2 * sigmoid'(w): the right gradient of the doubled y
# > tensor([0.3932, 0.2100])
