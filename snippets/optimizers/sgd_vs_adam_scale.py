import math

import torch


def steps(opt_cls, scale, n, **kw):
    """The length of each of n steps on scale * ||w - 1||**2."""
    torch.manual_seed(0)
    w = torch.nn.Parameter(torch.randn(5))
    opt = opt_cls([w], **kw)
    sizes = []
    for _ in range(n):
        before = w.detach().clone()
        opt.zero_grad()
        (scale * ((w - 1) ** 2).sum()).backward()
        opt.step()
        sizes.append((w.detach() - before).norm())
    return torch.stack(sizes), w.detach()


# multiply the loss by 1000: SGD's first step grows 1000 times (and the next ones
# diverge at this lr), Adam's steps stay the same to 4 digits, all 100 of them
sgd = [steps(torch.optim.SGD, s, 1, lr=0.01, momentum=0.9)[0] for s in (1, 1000)]
print(round((sgd[1] / sgd[0]).item(), 1))
# > 1000.0
adam = [steps(torch.optim.Adam, s, 100, lr=0.01)[0] for s in (1, 1000)]
ratio = adam[1] / adam[0]
print(round(ratio.min().item(), 4), round(ratio.max().item(), 4))
# > 1.0 1.0
# it cancels while sqrt(v_hat) >> eps (1e-8): scaled by 1e-9, the gradient is
# near eps and every step shrinks
tiny = steps(torch.optim.Adam, 1e-9, 100, lr=0.01)[0] / adam[0]
print(round(tiny.max().item(), 2))
# > 0.38

# only a factor on the whole gradient cancels: Adam's coupled weight_decay adds
# wd * w to it, unscaled, so the same wd is 1000 times weaker; AdamW's is not
for opt_cls in (torch.optim.Adam, torch.optim.AdamW):
    ends = [steps(opt_cls, s, 2000, lr=0.01, weight_decay=1.0)[1] for s in (1, 1000)]
    print(opt_cls.__name__, [round(w.mean().item(), 3) for w in ends])
    # > Adam [0.667, 0.999]
    # > AdamW [0.78, 0.78]
# in 2.13 AdamW is Adam with decoupled_weight_decay=True: the very same steps
adamw = steps(torch.optim.AdamW, 1000, 2000, lr=0.01, weight_decay=1.0)[1]
kw = dict(lr=0.01, weight_decay=1.0, decoupled_weight_decay=True)
print(torch.equal(adamw, steps(torch.optim.Adam, 1000, 2000, **kw)[1]))
# > True


# "about lr" per coordinate holds for a steady gradient, and it is not a cap
def last_step(grad_at, n=10_000):
    """|last step| / lr of default Adam after n steps of the gradients grad_at(t)."""
    p = torch.nn.Parameter(torch.zeros(1))
    opt = torch.optim.Adam([p], lr=1.0)
    for t in range(1, n + 1):
        p.grad = torch.tensor([grad_at(t)])
        before = p.detach().clone()
        opt.step()
    return round((p.detach() - before).abs().item(), 2)


b1, b2 = 0.9, 0.999
# a spike after a long run of zeros: lr * (1 - b1) / sqrt(1 - b2), Kingma & Ba's bound
print(last_step(lambda t: 5.0 if t == 10_000 else 0.0))
# > 3.16
# a gradient that grows by b2 / b1 per step over the last 150 steps moves further
print(last_step(lambda t: (b2 / b1) ** max(0, t - 9850)))
# > 7.27
# Cauchy-Schwarz on m and v (b1**2 < b2): no gradient history moves further
print(round((1 - b1) / math.sqrt(1 - b2) / math.sqrt(1 - b1**2 / b2), 2))
# > 7.27
