import torch

BETAS = (0.0, 0.9, 0.99, 0.9999)


def run(grad_fn, steps, lr=1.0, dampening=0.0):
    """torch.optim.SGD, one param group per beta; returns each step's x, (steps, 4)"""
    xs = [torch.zeros(1, dtype=torch.float64, requires_grad=True) for _ in BETAS]
    groups = [{"params": [x], "momentum": b} for x, b in zip(xs, BETAS, strict=True)]
    opt = torch.optim.SGD(groups, lr=lr, dampening=dampening)
    out = []
    for t in range(steps):
        for x in xs:
            x.grad = grad_fn(t, x.detach())
        opt.step()
        out.append(torch.cat([x.detach() for x in xs]))
    return torch.stack(out)


def one(t, x):
    return torch.ones(1, dtype=torch.float64)


# a constant gradient of 1: the step lr * buffer tends to lr / (1 - beta), and takes
# about 1 / (1 - beta) steps to get there (63% of it after exactly that many)
step = -run(one, 10_000).diff(dim=0, prepend=torch.zeros(1, 4))
for i, b in enumerate(BETAS):
    print(b, [round(step[t, i].item(), 1) for t in (9, 99, 999, 9999)])
    # > 0.0 [1.0, 1.0, 1.0, 1.0]
    # > 0.9 [6.5, 10.0, 10.0, 10.0]
    # > 0.99 [9.6, 63.4, 100.0, 100.0]
    # > 0.9999 [10.0, 99.5, 951.7, 6321.4]

# 1000 steps of gradient +1, then -1: how many steps does x keep going the old way?
x = run(lambda t, x: one(t, x) * (1 if t < 1000 else -1), 3000)
for i, b in enumerate(BETAS):
    print(b, (x[999:, i].diff() < 0).sum().item())  # x[999]: the last step with +1
    # > 0.0 0
    # > 0.9 6
    # > 0.99 68
    # > 0.9999 909

# the quadratic 0.5 * (x - 1)**2 from x = 0: how far past its minimum does x go,
# and how large is the oscillation still after 10,000 steps?
x = run(lambda t, x: x - 1, 10_000, lr=0.01)
for i, b in enumerate(BETAS):
    overshoot = max((x[:, i] - 1).max().item(), 0.0)
    late = (x[-1000:, i] - 1).abs().max().item()
    print(b, round(overshoot, 3), round(late, 3))
    # > 0.0 0.0 0.0
    # > 0.9 0.153 0.0
    # > 0.99 0.855 0.0
    # > 0.9999 1.0 0.638

# dampening = beta: buffer = beta * buffer + (1 - beta) * g, an average: step ~ lr
x = run(one, 4, dampening=0.9)[:, 1]  # the beta = 0.9 group
print((-x.diff(prepend=torch.zeros(1))).tolist())
# > [1.0, 1.0, 1.0, 1.0]
