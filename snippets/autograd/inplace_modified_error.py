import textwrap

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
y.mul_(2)  # every in-place write bumps the tensor's version counter
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

# The message names the modified tensor by the op that produced it, not the writer:
# here the write is a ReLU(inplace=True), and the message still says Sigmoid
y = torch.nn.ReLU(inplace=True)(w.sigmoid())
try:
    y.sum().backward()
except RuntimeError as e:
    print(str(e).split("which is ")[1].split(",")[0])
    # > output 0 of Sigmoid

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
