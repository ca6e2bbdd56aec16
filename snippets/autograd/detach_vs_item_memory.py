import textwrap

import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
h = w * 2
d = h.detach()  # shares storage with h, no grad history
print(d.requires_grad, d.data_ptr() == h.data_ptr())
# > False True
d[0] = 100.0  # so a write through d changes h
print(h)
# > tensor([100.,   4.], grad_fn=<MulBackward0>)
snapshot = h.detach().clone()  # to keep a copy, clone after detach

# .data also detaches, but hides the write from autograd's version counter
y = w.sigmoid()  # sigmoid's backward reuses its output y
y.data.mul_(0)
y.sum().backward()
print(w.grad)  # silently wrong: y*(1-y) with the zeroed y
# > tensor([0., 0.])

w.grad = None
y = w.sigmoid()
y.detach().mul_(0)  # the same write through detach() is tracked
try:
    y.sum().backward()
except RuntimeError as e:
    print(textwrap.fill(str(e).split(":")[0], 80))
    # > one of the variables needed for gradient computation has been modified by an
    # > inplace operation
print(snapshot)
# > tensor([100.,   4.])
