import textwrap
import warnings

import torch
from torch import nn


def lrs_used(scheduler_first):
    model = nn.Linear(2, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    # halve the lr every epoch
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
    used = []
    for _ in range(3):  # 3 epochs of one batch each
        model(torch.ones(1, 2)).sum().backward()
        if scheduler_first:
            sched.step()
        # the lr this epoch's optimizer.step() uses
        used.append(opt.param_groups[0]["lr"])
        opt.step()
        opt.zero_grad()
        if not scheduler_first:
            sched.step()  # correct: once per epoch, after the optimizer has stepped
    return used


print(lrs_used(scheduler_first=False))
# > [0.1, 0.05, 0.025]

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # the first value of the schedule, 0.1, is never used
    print(lrs_used(scheduler_first=True))
    # > [0.05, 0.025, 0.0125]
print(caught[0].category.__name__)
# > UserWarning
print(textwrap.fill(str(caught[0].message), 80))
# > Detected call of `lr_scheduler.step()` before `optimizer.step()`. In PyTorch
# > 1.1.0 and later, you should call them in the opposite order: `optimizer.step()`
# > before `lr_scheduler.step()`.  Failure to do this will result in PyTorch
# > skipping the first value of the learning rate schedule. See more details at
# > https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate
