import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
x = torch.randn(1024, 8, dtype=torch.float64)
label = x[:, :3].argmax(1)  # task 1: 3 classes
target = 100 * (x[:, 3] + x[:, 4] * x[:, 5])  # task 2: a value in the hundreds
train, test = slice(0, 768), slice(768, None)


def run(mode, steps=400):
    torch.manual_seed(1)
    body = nn.Sequential(nn.Linear(8, 32), nn.Tanh()).double()
    cls, reg = nn.Linear(32, 3).double(), nn.Linear(32, 1).double()
    log_var = torch.zeros(2, dtype=torch.float64, requires_grad=True)  # Kendall et al.
    mu, sd = target[train].mean(), target[train].std()
    scaled = mode == "scaled target"
    params = [*body.parameters(), *cls.parameters(), *reg.parameters(), log_var]
    opt = torch.optim.Adam(params, lr=1e-2)
    for step in range(steps):
        h = body(x[train])
        y = (target[train] - mu) / sd if scaled else target[train]
        losses = torch.stack(
            [F.cross_entropy(cls(h), label[train]), F.mse_loss(reg(h).squeeze(1), y)]
        )
        if step == 0 and mode == "raw sum":
            ce, mse = losses.tolist()
            print(f"losses at start: CE {ce:.1f}, MSE {mse:.0f}")
            # > losses at start: CE 1.1, MSE 20633
        if step == 0:  # each task's pull on the shared layer
            g = [
                torch.autograd.grad(lo, body[0].weight, retain_graph=True)[0].norm()
                for lo in losses
            ]
        if mode == "learned, raw target":
            loss = (torch.exp(-log_var) * losses + log_var).sum()
        else:
            loss = losses.sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        h = body(x[test])
        acc = (cls(h).argmax(1) == label[test]).double().mean().item()
        pred = reg(h).squeeze(1) * (sd if scaled else 1) + (mu if scaled else 0)
        r2 = 1 - (pred - target[test]).pow(2).mean() / target[test].var()
    print(
        f"{mode:<19} grad ratio reg/cls {g[1] / g[0]:8.1f}, accuracy {acc:.2f},",
        f"R^2 {r2.item():.2f}",
    )
    # > raw sum             grad ratio reg/cls    357.2, accuracy 0.67, R^2 0.49
    # > scaled target       grad ratio reg/cls      2.8, accuracy 0.96, R^2 0.99
    # > learned, raw target grad ratio reg/cls    357.2, accuracy 0.59, R^2 0.42
    return log_var


run("raw sum")
run("scaled target")
weights = torch.exp(-run("learned, raw target")).tolist()
print("learned weights exp(-s):", [round(w, 2) for w in weights])
# > learned weights exp(-s): [1.31, 0.14]
