import torch
from torch import nn

torch.manual_seed(0)
x, y = torch.randn(32, 5), torch.randn(32, 1)
lr, wd = 0.1, 0.05
init = nn.Linear(5, 1, bias=False).weight.detach()


def train(opt_cls, l2_in_loss=0.0, steps=10, **kw):
    w = init.clone().requires_grad_()
    opt = opt_cls([w], lr=lr, **kw)
    for _ in range(steps):
        loss = nn.functional.mse_loss(x @ w.T, y) + l2_in_loss / 2 * w.pow(2).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return w.detach()


# by hand: shrink by (1 - lr * wd), then the plain gradient step
w = init.clone()
for _ in range(10):
    w.requires_grad_()
    (g,) = torch.autograd.grad(nn.functional.mse_loss(x @ w.T, y), w)
    w = (w * (1 - lr * wd) - lr * g).detach()

sgd_wd = train(torch.optim.SGD, weight_decay=wd)
sgd_l2 = train(torch.optim.SGD, l2_in_loss=wd)
print(torch.allclose(sgd_wd, w), torch.allclose(sgd_wd, sgd_l2))
# > True True
# with momentum both still add wd * w to the gradient: weight_decay is L2 in SGD
mom_wd = train(torch.optim.SGD, weight_decay=wd, momentum=0.9)
mom_l2 = train(torch.optim.SGD, l2_in_loss=wd, momentum=0.9)
print(torch.allclose(mom_wd, mom_l2))
# > True
# Adam divides the L2 gradient by its running RMS; AdamW shrinks w directly
adam_l2 = train(torch.optim.Adam, l2_in_loss=wd)
adam_wd = train(torch.optim.Adam, weight_decay=wd)
adamw = train(torch.optim.AdamW, weight_decay=wd)
print(torch.allclose(adam_wd, adam_l2), torch.allclose(adamw, adam_l2))
# > True False
print(f"{(adamw - adam_l2).abs().max().item():.1e}")
# > 5.3e-03
