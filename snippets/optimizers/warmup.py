import textwrap

import torch

torch.manual_seed(0)
n = 10_000
signal = torch.zeros(n)
signal[: n // 2] = 1.0  # half the coordinates: a steady gradient of 1 plus noise;
# the other half: noise only, their gradient averages to 0


def run(warmup_steps):
    torch.manual_seed(0)
    p = torch.nn.Parameter(torch.zeros(n))
    opt = torch.optim.Adam([p], lr=1.0)  # lr 1: each update is in units of lr
    sched = torch.optim.lr_scheduler.LinearLR(
        opt, start_factor=1 / warmup_steps, total_iters=warmup_steps
    )
    steps = {}
    for t in range(1, 1001):
        before = p.detach().clone()
        p.grad = signal + torch.randn(n)
        opt.step()
        sched.step()
        step = (p.detach() - before).abs()
        steps[t] = step[: n // 2].mean().item(), step[n // 2 :].mean().item()
    return steps


# mean |update| / lr on the signal half and on the noise half
plain = run(warmup_steps=1)  # start_factor 1: no warmup
for t in (1, 10, 100, 1000):
    print(t, [round(v, 2) for v in plain[t]])
    # > 1 [1.0, 1.0]
    # > 10 [0.71, 0.27]
    # > 100 [0.71, 0.18]
    # > 1000 [0.71, 0.18]

# linear warmup over 100 steps: the first, least informed updates are the smallest
warm = run(warmup_steps=100)
for t in (1, 10, 100):
    print(t, [round(v, 3) for v in warm[t]])
    # > 1 [0.01, 0.01]
    # > 10 [0.071, 0.027]
    # > 100 [0.699, 0.178]

# RAdam, Liu et al.'s fix, builds the warmup in: while its rho_t <= 5 (the first 5
# steps with the default betas) it steps lr * m_hat, in proportion to the gradient
# as momentum SGD does, then a rectified adaptive step that starts small
p = torch.nn.Parameter(torch.zeros(2))
opt = torch.optim.RAdam([p], lr=1.0)
for t in range(1, 9):
    before = p.detach().clone()
    p.grad = torch.tensor([1e-3, 1.0])  # a small and a large gradient
    opt.step()
    if t in (1, 5, 6, 8):
        print(t, [round(v, 4) for v in (p.detach() - before).abs().tolist()])
        # > 1 [0.001, 1.0]
        # > 5 [0.001, 1.0]
        # > 6 [0.0258, 0.0258]
        # > 8 [0.0387, 0.0387]

# LinearLR cannot start from 0: the first step's rate is start_factor * lr
try:
    torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.0, total_iters=10)
except ValueError as e:
    print(textwrap.fill(str(e), 80))
    # > Starting multiplicative factor expected to be greater than 0 and less or equal
    # > to 1.
