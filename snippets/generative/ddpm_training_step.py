import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
# Ho et al. 2020: T = 1000, betas linear from 1e-4 to 0.02
T = 1000
betas = torch.linspace(1e-4, 0.02, T, dtype=torch.float64)
alpha_bar = torch.cumprod(1 - betas, dim=0)
# x_T keeps sqrt(alpha_bar_T) of the signal: almost pure noise
print("alpha_bar at t = 1, 500, 1000:", [f"{v:.4g}" for v in alpha_bar[[0, 499, 999]]])
# > alpha_bar at t = 1, 500, 1000: ['0.9999', '0.07859', '4.036e-05']

# the closed form q(x_t | x_0) = N(sqrt(alpha_bar_t) x_0, (1 - alpha_bar_t) I)
# matches t steps of the chain x_t = sqrt(1 - beta_t) x_{t-1} + sqrt(beta_t) eps
x0 = torch.full((100_000,), 2.0, dtype=torch.float64)
x, t = x0.clone(), 300
for s in range(t):
    x = (1 - betas[s]).sqrt() * x + betas[s].sqrt() * torch.randn_like(x)
print(f"chain:  mean {x.mean():.3f}, var {x.var():.3f}")
# > chain:  mean 1.261, var 0.600
a = alpha_bar[t - 1]
print(f"closed: mean {a.sqrt() * 2:.3f}, var {1 - a:.3f}")
# > closed: mean 1.259, var 0.604

# one training step (Algorithm 1): random t, one-shot noising, predict the noise
model = nn.Sequential(nn.Linear(2 + 1, 64), nn.SiLU(), nn.Linear(64, 2))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
ab = alpha_bar.float()
x0 = torch.randn(128, 2) * 0.5 + 1.0  # a batch of data
t = torch.randint(0, T, (128,))  # index 0 is the paper's t = 1
eps = torch.randn_like(x0)
a = ab[t].unsqueeze(1)
x_t = a.sqrt() * x0 + (1 - a).sqrt() * eps
eps_hat = model(torch.cat([x_t, t.unsqueeze(1) / T], 1))  # t as an input
loss = F.mse_loss(eps_hat, eps)  # the paper's simplified loss
opt.zero_grad()
loss.backward()
opt.step()
# near 1 at the start: the variance of eps, what predicting 0 would score
print(loss.shape, f"{loss.item():.3f}")
# > torch.Size([]) 0.814
