import copy

import torch
from torch import nn

torch.set_default_dtype(torch.float64)  # so that CPUs' rounding stays below the digits
torch.manual_seed(0)
x_pre = torch.linspace(-3, 3, 400).unsqueeze(1)  # pretraining: sin(2x) on [-3, 3]
x_old = x_pre[:200]  # [-3, 0]: where only the pretraining task lives
x_new = torch.linspace(0, 3, 200).unsqueeze(1)  # the new task: sin(2x) + 0.5 here


def mse(model, x, y):
    with torch.no_grad():
        return ((model(x) - y) ** 2).mean().item()


class LoRA(nn.Module):
    def __init__(self, base, r):
        super().__init__()
        self.base = base.requires_grad_(False)
        self.A = nn.Parameter(torch.randn(r, base.in_features) * 0.1)
        self.B = nn.Parameter(torch.zeros(base.out_features, r))

    def forward(self, x):
        return self.base(x) + x @ self.A.T @ self.B.T


base = nn.Sequential(
    nn.Linear(1, 64), nn.Tanh(), nn.Linear(64, 64), nn.Tanh(), nn.Linear(64, 1)
)
opt = torch.optim.Adam(base.parameters(), lr=1e-2)
for _ in range(500):
    loss = ((base(x_pre) - torch.sin(2 * x_pre)) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()


def finetune(data, lr=1e-2, wd=0.0, l2sp=0.0, lora=0, mix=0, early=False, back=0.0):
    x, y, x_val, y_val = data
    model = copy.deepcopy(base)
    if lora:  # on the 64 x 64 layer, the only one where rank 2 is a restriction
        model[2] = LoRA(model[2], lora)
    params = [p for p in model.parameters() if p.requires_grad]
    start = [p.detach().clone() for p in params]
    opt = torch.optim.AdamW(params, lr=lr, weight_decay=wd)  # decays toward 0
    if mix:  # mix in pretraining data that the new task does not contradict
        old = x_old[torch.randperm(200)[:mix]]
        x, y = torch.cat([x, old]), torch.cat([y, torch.sin(2 * old)])
    best = (float("inf"), None)
    for _ in range(150):
        loss = ((model(x) - y) ** 2).mean()
        if l2sp:  # L2 toward the pretrained weights, not toward zero
            pull = sum(((p - s) ** 2).sum() for p, s in zip(params, start, strict=True))
            loss = loss + l2sp * pull
        opt.zero_grad()
        loss.backward()
        opt.step()
        if early and mse(model, x_val, y_val) < best[0]:  # held-out data only
            best = (mse(model, x_val, y_val), copy.deepcopy(model.state_dict()))
    if early:
        model.load_state_dict(best[1])
    with torch.no_grad():  # after training: move a fraction back to the pretrained
        for p, s in zip(params, start, strict=True):
            p.lerp_(s, back)
    return model


runs = {
    "plain, lr 1e-2": {},
    "early stop on held-out": dict(early=True),
    "lr 1e-3": dict(lr=1e-3),
    "AdamW weight decay 0.1": dict(wd=0.1),
    "L2 toward pretrained": dict(l2sp=1e-2),
    "LoRA r=2": dict(lora=2),
    "mix in 40 old points": dict(mix=40),
    "halfway back (WiSE-FT)": dict(back=0.5),
}
results = {name: [] for name in runs}
for _ in range(3):  # three draws of 12 noisy labelled points and 12 held out
    x_b, x_val = torch.rand(2, 12, 1) * 3
    noisy = (torch.sin(2 * x) + 0.5 + 0.3 * torch.randn_like(x) for x in (x_b, x_val))
    y_b, y_val = noisy
    for name, cfg in runs.items():
        model = finetune((x_b, y_b, x_val, y_val), **cfg)
        results[name].append(
            [
                mse(model, x_b, y_b),  # fit to the 12 points (noise variance: 0.09)
                mse(model, x_new, torch.sin(2 * x_new) + 0.5),  # the new task
                mse(model, x_old, torch.sin(2 * x_old)),  # the old task
            ]
        )
print(f"pretrained: old task {mse(base, x_old, torch.sin(2 * x_old)):.3f}")
# > pretrained: old task 0.001
print("mean of 3 draws          12 points  new   old")
# > mean of 3 draws          12 points  new   old
for name, rows in results.items():
    fit, new, old = torch.tensor(rows).mean(0).tolist()
    print(f"{name:24s} {fit:9.3f} {new:5.3f} {old:5.3f}")
    # > plain, lr 1e-2               0.044 0.060 0.276
    # > early stop on held-out       0.072 0.013 0.100
    # > lr 1e-3                      0.052 0.049 0.187
    # > AdamW weight decay 0.1       0.047 0.055 0.295
    # > L2 toward pretrained         0.052 0.038 0.047
    # > LoRA r=2                     0.049 0.054 0.389
    # > mix in 40 old points         0.048 0.054 0.001
    # > halfway back (WiSE-FT)       0.071 0.062 0.100
