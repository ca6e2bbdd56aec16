import torch
from torch.optim.lr_scheduler import (
    CosineAnnealingLR,
    CosineAnnealingWarmRestarts,
    StepLR,
)


def lrs(make_sched, epochs):
    p = torch.nn.Parameter(torch.zeros(1))
    opt = torch.optim.SGD([p], lr=0.1)
    sched = make_sched(opt)
    out = []
    for _ in range(epochs):
        out.append(round(sched.get_last_lr()[0], 4))  # the lr this epoch trains at
        opt.step()  # one epoch of training would go here
        sched.step()  # once per epoch: T_max and step_size count epochs
    return out


# StepLR: constant, then times gamma every step_size epochs
print(lrs(lambda o: StepLR(o, step_size=3, gamma=0.1), 10))
# > [0.1, 0.1, 0.1, 0.01, 0.01, 0.01, 0.001, 0.001, 0.001, 0.0001]

# CosineAnnealingLR: a half cosine from lr to eta_min over T_max epochs
print(lrs(lambda o: CosineAnnealingLR(o, T_max=10, eta_min=0.0), 10))
# > [0.1, 0.0976, 0.0905, 0.0794, 0.0655, 0.05, 0.0345, 0.0206, 0.0095, 0.0024]

# The T_max trap: training past T_max, the lr climbs back up (period 2 * T_max)
print(lrs(lambda o: CosineAnnealingLR(o, T_max=5), 12)[4:])  # epochs 4 to 11
# > [0.0095, 0.0, 0.0095, 0.0345, 0.0655, 0.0905, 0.1, 0.0905]

# ... and T_max set in epochs while stepping per batch (10 batches an epoch):
# the first epoch alone runs the whole half cosine, epoch 2 the way back up
per_batch = lrs(lambda o: CosineAnnealingLR(o, T_max=10), 30)
print(per_batch[::5])
# > [0.1, 0.05, 0.0, 0.05, 0.1, 0.05]

# Restarts (SGDR): back to lr every T_0 epochs, each cycle T_mult times longer
print(lrs(lambda o: CosineAnnealingWarmRestarts(o, T_0=3, T_mult=2), 10))
# > [0.1, 0.075, 0.025, 0.1, 0.0933, 0.075, 0.05, 0.025, 0.0067, 0.1]
