import torch
from torch import nn
from torch.distributions import Normal, kl_divergence

torch.manual_seed(0)
# 2-D data on a curve, 4 latent dimensions: at most 1 or 2 are needed
t = torch.rand(256, 1) * 4 - 2
x = torch.cat([t, t**2 / 2], 1) + 0.05 * torch.randn(256, 2)


def train(beta, free_bits=0.0, steps=400):
    torch.manual_seed(0)
    enc = nn.Sequential(nn.Linear(2, 32), nn.Tanh(), nn.Linear(32, 8))
    dec = nn.Sequential(nn.Linear(4, 32), nn.Tanh(), nn.Linear(32, 2))
    opt = torch.optim.Adam([*enc.parameters(), *dec.parameters()], lr=3e-3)
    for _ in range(steps):
        mu, log_var = enc(x).chunk(2, dim=1)
        q = Normal(mu, torch.exp(0.5 * log_var))
        recon = ((dec(q.rsample()) - x) ** 2).sum(1).mean() / (2 * 0.1**2)
        kl = kl_divergence(q, Normal(0.0, 1.0)).mean(0)  # batch-mean KL, per dim
        # free bits: a dimension's KL below free_bits costs nothing
        loss = recon + beta * kl.clamp(min=free_bits).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():  # the trained model: closed-form KL per dim, no sampling
        mu, log_var = enc(x).chunk(2, dim=1)
        kl = kl_divergence(Normal(mu, torch.exp(0.5 * log_var)), Normal(0.0, 1.0))
        return kl.mean(0), ((dec(mu) - x) ** 2).mean().item()


for beta, free_bits in [(1.0, 0.0), (4.0, 0.0), (100.0, 0.0), (100.0, 0.5)]:
    kl_per_dim, mse = train(beta, free_bits)
    kls = " ".join(f"{v:.3f}" for v in kl_per_dim.tolist())
    print(f"beta {beta:>5}, free bits {free_bits}: KL per dim {kls}, MSE {mse:.3f}")
    # > beta   1.0, free bits 0.0: KL per dim 2.094 0.078 0.499 1.849, MSE 0.002
    # > beta   4.0, free bits 0.0: KL per dim 1.594 0.010 0.011 0.995, MSE 0.003
    # > beta 100.0, free bits 0.0: KL per dim 0.132 0.000 0.000 0.001, MSE 0.504
    # > beta 100.0, free bits 0.5: KL per dim 0.483 0.489 0.486 0.499, MSE 0.013
print(f"MSE of predicting the mean: {((x - x.mean(0)) ** 2).mean():.3f}")
# > MSE of predicting the mean: 0.825
