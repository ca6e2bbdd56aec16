import torch
from torch import nn

torch.manual_seed(0)
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = w**2  # a vector output

try:
    y.backward()
except RuntimeError as e:
    print(e)
    # > grad can be implicitly created only for scalar outputs
(w.sum() * torch.ones(1, 1)).backward()  # one element, any shape: v = 1 is implied
print(w.grad)
# > tensor([1., 1., 1.])

# vector-Jacobian product with v = ones: the same as y.sum().backward()
w.grad = None
y.backward(torch.ones_like(y))
print(w.grad)
# > tensor([2., 4., 6.])
w.grad = None
(w**2).backward(torch.tensor([1.0, 0.0, 0.5]))  # any v: computes v^T J
print(w.grad)
# > tensor([2., 0., 3.])

# The usual cause: a loss with reduction="none" (or a per-sample loss) passed straight
# to backward
pred, target = torch.randn(32, requires_grad=True), torch.randn(32)
per_sample = nn.MSELoss(reduction="none")(pred, target)
print(per_sample.shape)
# > torch.Size([32])


def first_step(opt_cls, reduce):
    """The change one optimizer step makes to a fresh copy of pred."""
    p = pred.detach().clone().requires_grad_()
    opt = opt_cls([p], lr=0.01)
    reduce(nn.functional.mse_loss(p, target, reduction="none")).backward()
    opt.step()
    return p.detach() - pred.detach()


# sum and mean differ by the batch size (32): SGD's step scales with it, Adam's doesn't
for opt_cls in (torch.optim.SGD, torch.optim.Adam, torch.optim.AdamW):
    ratio = first_step(opt_cls, torch.sum) / first_step(opt_cls, torch.mean)
    print(opt_cls.__name__, f"sum/mean step: {ratio.mean().item():.2f}")
    # > SGD sum/mean step: 32.00
    # > Adam sum/mean step: 1.00
    # > AdamW sum/mean step: 1.00
