import copy

import torch
import torch.nn.functional as F
from torch import nn

torch.set_default_dtype(torch.float64)  # so the accuracies do not depend on threads
torch.manual_seed(0)
Z, D, H = 8, 500, 64
rotation = torch.linalg.qr(torch.randn(D, D)).Q


def world(n):  # 8 factors decide every label; 492 distractors hide them, mixed in
    z = torch.randn(n, Z)
    return z, torch.cat([z, torch.randn(n, D - Z)], 1) @ rotation.T


def fit(model, params, X, y, steps, lr, batch=None):
    opt = torch.optim.Adam(params, lr=lr)
    g = torch.Generator().manual_seed(1)
    for _ in range(steps):
        idx = torch.randint(len(X), (batch,), generator=g) if batch else slice(None)
        opt.zero_grad()
        F.cross_entropy(model(X[idx]), y[idx]).backward()
        opt.step()


def accuracy(model, X, y):
    with torch.no_grad():
        return f"{(model(X).argmax(1) == y).float().mean().item():.2f}"


def backbone():
    return nn.Sequential(nn.Linear(D, H), nn.ReLU(), nn.Linear(H, H), nn.ReLU())


# "pretraining": 20,000 labeled samples of a related task, 100 classes of the factors
z, X = world(20_000)
pretrained = nn.Sequential(backbone(), nn.Linear(H, 100))
fit(
    pretrained,
    pretrained.parameters(),
    X,
    (z @ torch.randn(Z, 100)).argmax(1),
    400,
    3e-3,
    256,
)

w_task = torch.randn(Z)  # the target task: 2 classes of the same factors
z_test, X_test = world(5000)
y_test = (z_test @ w_task > 0).long()
print("labels  scratch  frozen+head  then fine-tuned  all at once, head's lr")
# > labels  scratch  frozen+head  then fine-tuned  all at once, head's lr
for n in (100, 1000):
    z_train, X_train = world(n)
    y_train = (z_train @ w_task > 0).long()
    torch.manual_seed(2)
    scratch = nn.Sequential(backbone(), nn.Linear(H, 2))
    fit(scratch, scratch.parameters(), X_train, y_train, 300, 1e-3)
    # 1. freeze the backbone, train a new head
    probe = nn.Sequential(
        copy.deepcopy(pretrained[0]).requires_grad_(False), nn.Linear(H, 2)
    )
    fit(probe, probe[1].parameters(), X_train, y_train, 300, 1e-2)
    # 2. then unfreeze, with the backbone's lr 10 times below the head's
    tuned = copy.deepcopy(probe).requires_grad_(True)
    groups = [
        {"params": tuned[0].parameters(), "lr": 1e-4},
        {"params": tuned[1].parameters()},
    ]
    fit(tuned, groups, X_train, y_train, 100, 1e-3)
    # the trap: a random head and every layer at the head's learning rate from step 1
    hasty = nn.Sequential(copy.deepcopy(pretrained[0]), nn.Linear(H, 2))
    fit(hasty, hasty.parameters(), X_train, y_train, 300, 1e-2)
    a = [accuracy(m, X_test, y_test) for m in (scratch, probe, tuned, hasty)]
    print(f"{n:6}  {a[0]:>7}  {a[1]:>11}  {a[2]:>15}  {a[3]:>22}")
    # >    100     0.60         0.89             0.90                    0.72
    # >   1000     0.79         0.91             0.91                    0.83

# how precisely a held-out split of 200 measures an accuracy near 0.85
print(f"standard error on 200 samples: {(0.85 * 0.15 / 200) ** 0.5:.3f}")
# > standard error on 200 samples: 0.025
