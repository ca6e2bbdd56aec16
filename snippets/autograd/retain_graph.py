import textwrap

import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
loss = w.exp().sum()  # ExpBackward saves its output
loss.backward()
try:
    loss.backward()  # the saved tensors were freed by the first call
except RuntimeError as e:
    print(textwrap.fill(str(e), 80))
    # > Trying to backward through the graph a second time (or directly access saved
    # > tensors after they have already been freed). Saved intermediate values of the
    # > graph are freed when you call .backward() or autograd.grad(). Specify
    # > retain_graph=True if you need to backward through the graph a second time or if
    # > you need to access saved tensors after calling backward.

# The error needs a node that saved something: add and sum save no tensor
w.grad = None
loss = (w + 1).sum()
loss.backward()
loss.backward()  # no error, and the gradients add up
print(w.grad)
# > tensor([2., 2.])

w.grad = None
loss = w.exp().sum()
loss.backward(retain_graph=True)  # keep the saved tensors
loss.backward()  # allowed once more; the gradients add up
print(torch.allclose(w.grad, 2 * w.exp()))
# > True

# Two losses sharing a trunk: sum them and call backward once instead of retaining
w.grad = None
h = w.exp()
(h.sum() + (h**2).sum()).backward()
print(torch.allclose(w.grad, w.exp() + 2 * w.exp() ** 2))
# > True

# Two losses that must reach different parameters (two optimizers on a shared trunk):
# inputs= keeps each gradient out of the other's .grad; the first walk retains the graph
a = torch.tensor([1.0, 2.0], requires_grad=True)  # the trunk
b = torch.tensor([0.5, 0.5], requires_grad=True)  # a head
h = a.exp()  # shared by both losses, and it saves its output
loss_a, loss_b = h.sum(), (h * b).sum()
loss_a.backward(inputs=[a], retain_graph=True)  # fills a.grad only
loss_b.backward(inputs=[b])  # fills b.grad only, through exp again
print(torch.equal(a.grad, a.exp()), torch.equal(b.grad, a.exp()))
# > True True
a.grad = b.grad = None
h = a.exp()
(h.sum() + (h * b).sum()).backward()  # summed: the head's loss reaches the trunk too
print(torch.equal(a.grad, a.exp()))
# > False
