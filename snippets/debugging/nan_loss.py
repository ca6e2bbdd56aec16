import warnings

import torch
from torch import nn

torch.manual_seed(0)
pred = torch.randn(4, 3, requires_grad=True)
target = pred.detach().clone()
target[1:] += 1.0  # row 0 is already perfect


def distance_loss(pred, target):  # Euclidean distance; d/dx sqrt(x) is inf at x = 0
    return torch.sqrt((pred - target).pow(2).sum(dim=1)).mean()


loss = distance_loss(pred, target)
loss.backward()
# finite loss, NaN gradient
print(torch.isfinite(loss).item(), torch.isfinite(pred.grad).all().item())
# > True False
# a guard on the loss lets this step through; the gradient norm catches it
total_norm = nn.utils.clip_grad_norm_([pred], max_norm=1.0)
print(torch.isfinite(total_norm).item())
# > False

pred.grad = None
with warnings.catch_warnings(record=True) as caught, torch.autograd.detect_anomaly():
    warnings.simplefilter("always")
    loss = distance_loss(pred, target)
    try:
        loss.backward()
    except RuntimeError as e:
        print(e)  # names the backward node that produced the NaN, nothing more
        # > Function 'PowBackward0' returned nan values in its 0th output.
# the forward line comes in a warning, just before the error
forward_trace = str(caught[-1].message).splitlines()
print(forward_trace[0])
# > Error detected in PowBackward0. Traceback of forward call that caused the error:
print(forward_trace[-2].strip())  # the forward line that built that node
# > return torch.sqrt((pred - target).pow(2).sum(dim=1)).mean()

# Where the inf started: the gradient each node passes on, for row 0
diff = pred - target
squared = diff.pow(2)
summed = squared.sum(dim=1)
for t in (diff, squared, summed):
    t.retain_grad()
torch.sqrt(summed).mean().backward()
print(summed.grad[0].item())  # out of SqrtBackward0: inf, which anomaly mode allows
# > inf
print(squared.grad[0])  # out of SumBackward1: still inf
# > tensor([inf, inf, inf])
print(diff.grad[0])  # out of PowBackward0: inf * 2 * (pred - target) = inf * 0
# > tensor([nan, nan, nan])

pred.grad = None
# the fix: its gradient at 0 is defined (0)
loss = torch.linalg.vector_norm(pred - target, dim=1).mean()
loss.backward()
print(torch.isfinite(pred.grad).all().item())
# > True
