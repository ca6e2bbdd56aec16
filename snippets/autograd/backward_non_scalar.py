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


def train(opt_cls, reduce, steps, clip=None, l2_in_loss=0.0, **kwargs):
    """pred after a few optimizer steps on the summed or the averaged loss."""
    p = pred.detach().clone().requires_grad_()
    opt = opt_cls([p], lr=0.01, **kwargs)
    for _ in range(steps):
        opt.zero_grad()
        loss = reduce(nn.functional.mse_loss(p, target, reduction="none"))
        (loss + l2_in_loss * p.pow(2).sum()).backward()  # a term beside the reduction
        if clip is not None:
            nn.utils.clip_grad_norm_([p], clip)
        opt.step()
    return p.detach()


# sum and mean differ by the batch size (32): SGD's step scales with it
start = pred.detach()
step_sum = train(torch.optim.SGD, torch.sum, 1) - start
step_mean = train(torch.optim.SGD, torch.mean, 1) - start
print(f"SGD sum/mean step: {(step_sum / step_mean).mean().item():.2f}")
# > SGD sum/mean step: 32.00
# The first step's gradient norms: clip_grad_norm_(max_norm=1.0) clips the summed
# gradient, 32 times larger, and leaves the averaged one as it is
for reduce in (torch.sum, torch.mean):
    (g,) = torch.autograd.grad(reduce(per_sample), pred, retain_graph=True)
    print(reduce.__name__, "gradient norm:", round(g.norm().item(), 2))
    # > sum gradient norm: 17.22
    # > mean gradient norm: 0.54
# Adam divides by the running RMS: the scale cancels, step after step. Clipping the
# norm first, or any term beside the reduced loss (an L2 penalty in the loss, or Adam's
# weight_decay, which adds it to the gradient), brings it back
for opt_cls, kwargs in (
    (torch.optim.Adam, {}),
    (torch.optim.Adam, {"clip": 1.0}),
    (torch.optim.AdamW, {"weight_decay": 0.1}),
    (torch.optim.Adam, {"weight_decay": 0.1}),
    (torch.optim.Adam, {"l2_in_loss": 0.1}),
):
    same = torch.allclose(
        train(opt_cls, torch.sum, 5, **kwargs), train(opt_cls, torch.mean, 5, **kwargs)
    )
    print(opt_cls.__name__, kwargs, "same after 5 steps:", same)
    # > Adam {} same after 5 steps: True
    # > Adam {'clip': 1.0} same after 5 steps: False
    # > AdamW {'weight_decay': 0.1} same after 5 steps: True
    # > Adam {'weight_decay': 0.1} same after 5 steps: False
    # > Adam {'l2_in_loss': 0.1} same after 5 steps: False
