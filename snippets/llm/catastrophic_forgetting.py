import copy

import torch
from torch import nn

torch.manual_seed(0)
# float64, two decimals: Adam amplifies the last bits, which differ by CPU
torch.set_default_dtype(torch.float64)
xa = torch.linspace(-3, 0, 200).unsqueeze(1)  # task A: sin(2x) on [-3, 0]
xb = torch.linspace(0, 3, 200).unsqueeze(1)  # task B: sin(2x) on [0, 3]
A, B = (xa, torch.sin(2 * xa)), (xb, torch.sin(2 * xb))


def train(model, data, steps, lr, params=None, anchor=0.0):
    params = list(params or model.parameters())
    start = [p.detach().clone() for p in params]
    opt = torch.optim.Adam(params, lr=lr)
    for _ in range(steps):
        loss = ((model(data[0]) - data[1]) ** 2).mean()
        pull = sum(((p - s) ** 2).sum() for p, s in zip(params, start, strict=True))
        loss = loss + anchor * pull
        opt.zero_grad()
        loss.backward()
        opt.step()


def mse(model, data):
    with torch.no_grad():
        v = ((model(data[0]) - data[1]) ** 2).mean().item()
    return f"{v:.2f}" if v >= 0.01 else f"{v:.4f}" if v >= 0.001 else "<0.001"


base = nn.Sequential(
    nn.Linear(1, 64), nn.Tanh(), nn.Linear(64, 64), nn.Tanh(), nn.Linear(64, 1)
)
train(base, A, 1000, 1e-2)
print(f"trained on A: A {mse(base, A)}, B {mse(base, B)}")
# > trained on A: A <0.001, B 1.16

keep = torch.arange(0, 200, 10)  # 20 of A's 200 points, mixed into B's data
replay = (torch.cat([B[0], A[0][keep]]), torch.cat([B[1], A[1][keep]]))
runs = {
    "fine-tune on B, lr 1e-2": dict(data=B, lr=1e-2),
    "lower lr, 1e-3": dict(data=B, lr=1e-3),
    "L2 pull to start, 1e-3": dict(data=B, lr=1e-2, anchor=1e-3),
    "train only the last layer": dict(data=B, lr=1e-2, head_only=True),
    "replay 10% of A": dict(data=replay, lr=1e-2),
}
for name, cfg in runs.items():
    model = copy.deepcopy(base)
    params = model[4].parameters() if cfg.pop("head_only", False) else None
    train(model, steps=500, params=params, **cfg)
    print(f"{name}: A {mse(model, A)}, B {mse(model, B)}")
    # > fine-tune on B, lr 1e-2: A 1.49, B <0.001
    # > lower lr, 1e-3: A 0.21, B 0.0018
    # > L2 pull to start, 1e-3: A 0.18, B <0.001
    # > train only the last layer: A 1.24, B 0.07
    # > replay 10% of A: A <0.001, B <0.001
