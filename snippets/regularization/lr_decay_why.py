import torch
from torch import nn
from torch.optim.swa_utils import AveragedModel

torch.set_num_threads(1)  # tensors this small: more threads only wait on each other
# loss 0.5 * ||w||^2 (minimum 0 at w = 0), seen through noisy gradients: w + noise
D, SIGMA = 100, 1.0


def run(lrs, average_from=None, sigma=SIGMA):
    torch.manual_seed(0)
    model = nn.Linear(D, 1, bias=False)
    nn.init.constant_(model.weight, 3.0)
    opt = torch.optim.SGD(model.parameters(), lr=lrs[0])
    avg = AveragedModel(model)  # an equal-weight running mean of the iterates
    tail = []
    for step, lr in enumerate(lrs):
        opt.param_groups[0]["lr"] = lr
        w = model.weight
        noisy = 0.5 * w.pow(2).sum() + (sigma * torch.randn(D) * w).sum()
        opt.zero_grad()
        noisy.backward()
        opt.step()
        if average_from is not None and step >= average_from:
            avg.update_parameters(model)
        if step >= len(lrs) - 200:
            tail.append(0.5 * model.weight.detach().pow(2).sum().item())
    averaged = 0.5 * avg.module.weight.detach().pow(2).sum().item()
    return sum(tail) / len(tail), averaged


# the plateau: mean true loss over the last 200 of 1,500 steps, against the
# stationary value of w <- (1 - lr) w - lr * noise: D * lr * SIGMA^2 / (2 (2 - lr))
for lr in (0.1, 0.01):
    plateau, _ = run([lr] * 1500)
    theory = D * lr * SIGMA**2 / (2 * (2 - lr))
    print(f"lr {lr}: plateau {plateau:.3f}, theory {theory:.3f}")
    # > lr 0.1: plateau 2.731, theory 2.632
    # > lr 0.01: plateau 0.252, theory 0.251
decayed, _ = run([0.1] * 1000 + [0.01] * 500)
print(f"0.1 then 0.01: {decayed:.3f}")
# > 0.1 then 0.01: 0.251
_, averaged = run([0.1] * 1500, average_from=500)
print(f"constant 0.1, mean of the last 1,000 iterates: {averaged:.3f}")
# > constant 0.1, mean of the last 1,000 iterates: 0.060
# exact gradients (no noise): a constant lr converges, no floor to decay away
exact, _ = run([0.1] * 1500, sigma=0.0)
print(f"noise-free, constant 0.1: {exact:.1e}")
# > noise-free, constant 0.1: 0.0e+00
