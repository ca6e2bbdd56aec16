import torch
from torch import nn
from torch.optim import lr_scheduler as S

SCHEDULES = {  # 8 steps, a resume after 3
    "LinearLR": lambda opt: S.LinearLR(opt, start_factor=0.25, total_iters=4),
    "ConstantLR": lambda opt: S.ConstantLR(opt, factor=0.5, total_iters=4),
    "LambdaLR": lambda opt: S.LambdaLR(opt, lambda step: min(1.0, (step + 1) / 4)),
    "OneCycleLR": lambda opt: S.OneCycleLR(opt, max_lr=0.1, total_steps=8),
}


def rates(make, scheduler_first):
    """The lr of each of 8 steps, resumed from a checkpoint after step 3."""
    opt = torch.optim.SGD(nn.Linear(1, 1).parameters(), lr=0.1)
    sched, used = make(opt), []
    for step in range(8):
        if step == 3:  # save, then restore into fresh objects
            saved = opt.state_dict(), sched.state_dict()
            opt = torch.optim.SGD(nn.Linear(1, 1).parameters(), lr=0.1)
            if scheduler_first:  # the right order
                sched = make(opt)
                opt.load_state_dict(saved[0])
            else:  # the scheduler's first step resets the lr just loaded
                opt.load_state_dict(saved[0])
                sched = make(opt)
            sched.load_state_dict(saved[1])
        used.append(round(opt.param_groups[0]["lr"], 4))
        opt.step()
        sched.step()
    return used


for name, make in SCHEDULES.items():
    right, wrong = rates(make, True), rates(make, False)
    print(f"{name:10} {right}\n{'':10} {wrong}")
# > LinearLR   [0.025, 0.0438, 0.0625, 0.0813, 0.1, 0.1, 0.1, 0.1]
# >            [0.025, 0.0438, 0.0625, 0.0203, 0.025, 0.025, 0.025, 0.025]
# > ConstantLR [0.05, 0.05, 0.05, 0.05, 0.1, 0.1, 0.1, 0.1]
# >            [0.05, 0.05, 0.05, 0.025, 0.05, 0.05, 0.05, 0.05]
# > LambdaLR   [0.025, 0.05, 0.075, 0.1, 0.1, 0.1, 0.1, 0.1]
# >            [0.025, 0.05, 0.075, 0.025, 0.1, 0.1, 0.1, 0.1]
# > OneCycleLR [0.004, 0.0819, 0.0972, 0.0812, 0.0556, 0.0283, 0.0077, 0.0]
# >            [0.004, 0.0819, 0.0972, 0.004, 0.0556, 0.0283, 0.0077, 0.0]
