import warnings

import torch

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

pred.grad = None
with warnings.catch_warnings(record=True) as caught, torch.autograd.detect_anomaly():
    warnings.simplefilter("always")
    loss = distance_loss(pred, target)
    try:
        loss.backward()
    except RuntimeError as e:
        print(e)  # names the backward node that produced the NaN
        # > Function 'PowBackward0' returned nan values in its 0th output.
forward_trace = str(caught[-1].message).splitlines()
print(forward_trace[0])
# > Error detected in PowBackward0. Traceback of forward call that caused the error:
print(forward_trace[-2].strip())  # the forward line that built that node
# > return torch.sqrt((pred - target).pow(2).sum(dim=1)).mean()

pred.grad = None
# the fix: its gradient at 0 is defined (0)
loss = torch.linalg.vector_norm(pred - target, dim=1).mean()
loss.backward()
print(torch.isfinite(pred.grad).all().item())
# > True
