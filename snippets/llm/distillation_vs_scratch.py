import torch
import torch.nn.functional as F
from torch import nn

torch.set_default_dtype(torch.float64)  # so that CPUs' rounding stays below the digits
torch.manual_seed(0)
D, C = 8, 6
# The world: a fixed random network gives every input a probability for each of 6
# classes, and a label is one draw from it, so even the best model errs sometimes.
world = nn.Sequential(nn.Linear(D, 32), nn.Tanh(), nn.Linear(32, C))
world.requires_grad_(False)[2].weight.mul_(16)


def sample(n):
    x = torch.randn(n, D)
    return x, torch.distributions.Categorical(logits=world(x)).sample()


def mlp(hidden):
    return nn.Sequential(nn.Linear(D, hidden), nn.ReLU(), nn.Linear(hidden, C))


x_test, y_test = sample(2000)


def accuracy(model):
    with torch.no_grad():
        return (model(x_test).argmax(1) == y_test).float().mean().item()


def fit(model, x, target, steps=300, temperature=1.0):
    """Labels (int64): cross-entropy. Probabilities: T^2 * KL(target || student_T).
    Returns the test accuracy every 10 steps."""
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    curve = []
    for step in range(steps):
        out = model(x)
        if target.dtype == torch.long:
            loss = F.cross_entropy(out, target)
        else:
            log_p = F.log_softmax(out / temperature, dim=1)
            loss = F.kl_div(log_p, target, reduction="batchmean") * temperature**2
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 10 == 9:
            curve.append(accuracy(model))
    return curve


x_big, y_big = sample(2000)
teacher = mlp(64)
fit(teacher, x_big, y_big, steps=200)
with torch.no_grad():
    print(f"best possible: {(world(x_test).argmax(1) == y_test).float().mean():.3f}")
    # > best possible: 0.829
n_params = [sum(p.numel() for p in mlp(h).parameters()) for h in (64, 16)]
print(f"teacher ({n_params[0]} parameters, 2000 labels): {accuracy(teacher):.3f}")
# > teacher (966 parameters, 2000 labels): 0.814

x, y = x_big[:100], y_big[:100]  # the student's data: 100 of those inputs
with torch.no_grad():
    t_logits = teacher(x)
runs = {
    "scratch, true labels": dict(target=y),
    "teacher's argmax labels": dict(target=t_logits.argmax(1)),
    "distilled, T=1": dict(target=F.softmax(t_logits, 1)),
    "distilled, T=4": dict(target=F.softmax(t_logits / 4, 1), temperature=4.0),
}
print(f"student: {n_params[1]} parameters, 100 inputs")
# > student: 246 parameters, 100 inputs
for name, cfg in runs.items():
    torch.manual_seed(1)  # the same initial student every time
    curve = fit(mlp(16), x, **cfg)
    print(f"{name:24s} final {curve[-1]:.3f}, best of any step {max(curve):.3f}")
    # > scratch, true labels     final 0.672, best of any step 0.723
    # > teacher's argmax labels  final 0.729, best of any step 0.732
    # > distilled, T=1           final 0.790, best of any step 0.791
    # > distilled, T=4           final 0.794, best of any step 0.795
