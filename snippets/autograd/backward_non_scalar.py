import torch
from torch import nn

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = w**2  # a vector output

try:
    y.backward()
except RuntimeError as e:
    print(e)
    # > grad can be implicitly created only for scalar outputs

# vector-Jacobian product with v = ones: the same as y.sum().backward()
y.backward(torch.ones_like(y))
print(w.grad)
# > tensor([2., 4., 6.])
w.grad = None
(w**2).backward(torch.tensor([1.0, 0.0, 0.5]))  # any v: computes v^T J
print(w.grad)
# > tensor([2., 0., 3.])

# The usual cause: a loss with reduction="none" (or a per-sample loss) passed straight
# to backward
pred, target = torch.randn(4, requires_grad=True), torch.randn(4)
per_sample = nn.MSELoss(reduction="none")(pred, target)
print(per_sample.shape)
# > torch.Size([4])
per_sample.mean().backward()  # reduce first (mean or a weighted sum)
print(pred.grad.shape)
# > torch.Size([4])
