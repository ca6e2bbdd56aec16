import torch
from torch import nn
from torch.distributions import Normal, kl_divergence

torch.manual_seed(0)
# 2-D data on a curve, 4 latent dimensions: at most 1 or 2 are needed
t = torch.rand(256, 1) * 4 - 2
x = torch.cat([t, t**2 / 2], 1) + 0.05 * torch.randn(256, 2)


def train(beta, steps=400):
    torch.manual_seed(0)
    enc = nn.Sequential(nn.Linear(2, 32), nn.Tanh(), nn.Linear(32, 8))
    dec = nn.Sequential(nn.Linear(4, 32), nn.Tanh(), nn.Linear(32, 2))
    opt = torch.optim.Adam([*enc.parameters(), *dec.parameters()], lr=3e-3)
    for _ in range(steps):
        mu, log_var = enc(x).chunk(2, dim=1)
        q = Normal(mu, torch.exp(0.5 * log_var))
        recon = ((dec(q.rsample()) - x) ** 2).sum(1).mean() / (2 * 0.1**2)
        kl = kl_divergence(q, Normal(0.0, 1.0))  # (batch, 4)
        loss = recon + beta * kl.sum(1).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return kl.mean(0).detach(), ((dec(mu) - x) ** 2).mean().item()


for beta in (1.0, 4.0, 100.0):
    kl_per_dim, mse = train(beta)
    print(f"beta {beta:>5}: KL per dim {kl_per_dim.numpy().round(2)}, MSE {mse:.3f}")
    # > beta   1.0: KL per dim [2.09 0.08 0.51 1.85], MSE 0.002
    # > beta   4.0: KL per dim [1.59 0.01 0.01 0.99], MSE 0.003
    # > beta 100.0: KL per dim [0.13 0.   0.   0.  ], MSE 0.505
print(f"MSE of predicting the mean: {((x - x.mean(0)) ** 2).mean():.3f}")
# > MSE of predicting the mean: 0.825
