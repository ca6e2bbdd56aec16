import functools

import torch


def one_step(opt_cls, weight_decay, lr=0.1):
    p = torch.nn.Parameter(torch.tensor([1.0]))
    opt = opt_cls([p], lr=lr, weight_decay=weight_decay)
    # no loss gradient: whatever moves p is the weight decay alone
    p.grad = torch.zeros(1)
    opt.step()
    return round(p.item(), 4)


# Adam adds wd * p to the gradient, then divides by sqrt(v): the penalty is normalized
# away, so a 100x smaller weight_decay moves p just as far (by lr). AdamW shrinks p by
# lr * wd directly: p *= 1 - lr * wd.
for wd in (0.1, 0.001):
    adam, adamw = one_step(torch.optim.Adam, wd), one_step(torch.optim.AdamW, wd)
    print(f"wd={wd}: Adam {adam}  AdamW {adamw}")
    # > wd=0.1: Adam 0.9  AdamW 0.99
    # > wd=0.001: Adam 0.9  AdamW 0.9999

# torch multiplies the decoupled decay by lr: a 10x smaller lr decays 10x less per step,
# so a wd tuned at one lr (or under one schedule) does not carry over to another
print([round(1 - one_step(torch.optim.AdamW, 0.1, lr), 6) for lr in (0.1, 0.01)])
# > [0.01, 0.001]

# AdamW is Adam with decoupled_weight_decay=True
decoupled = functools.partial(torch.optim.Adam, decoupled_weight_decay=True)
print(one_step(decoupled, 0.1), issubclass(torch.optim.AdamW, torch.optim.Adam))
# > 0.99 True

# the defaults differ
print(torch.optim.AdamW([torch.nn.Parameter(torch.ones(1))]).defaults["weight_decay"])
# > 0.01
print(torch.optim.Adam([torch.nn.Parameter(torch.ones(1))]).defaults["weight_decay"])
# > 0
