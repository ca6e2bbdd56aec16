import math

import torch
from torch.distributions import Normal, kl_divergence

torch.manual_seed(0)
# closed-form KL(N(mu, sigma^2) || N(0, 1)) per latent dim, as VAE code writes it
mu, log_var = torch.randn(4, 3), torch.randn(4, 3)
kl_formula = 0.5 * (mu**2 + log_var.exp() - 1 - log_var)
q = Normal(mu, torch.exp(0.5 * log_var))
kl_torch = kl_divergence(q, Normal(0.0, 1.0))
print(torch.allclose(kl_formula, kl_torch), kl_torch.shape)
# > True torch.Size([4, 3])
# KL is >= 0 and 0 only when q is the prior
print(bool((kl_torch > 0).all()), kl_divergence(Normal(0.0, 1.0), Normal(0.0, 1.0)))
# > True tensor(0.)

# a model with an exact log p(x): z ~ N(0, 1), x | z ~ N(z, s^2), so x ~ N(0, 1 + s^2)
s, x = 0.5, torch.tensor(1.2)
log_px = Normal(0.0, math.sqrt(1 + s**2)).log_prob(x)
posterior = Normal(x / (1 + s**2), s / math.sqrt(1 + s**2))


def elbo(q):
    # E_q[log p(x | z)], exact for this Gaussian (a VAE estimates it with a sample)
    m, v = q.mean, q.variance
    recon = -0.5 * math.log(2 * math.pi * s**2) - ((x - m) ** 2 + v) / (2 * s**2)
    return recon - kl_divergence(q, Normal(0.0, 1.0))  # minus KL(q || prior)


for name, q in [
    ("prior as q", Normal(0.0, 1.0)),
    ("narrow q", Normal(1.0, 0.1)),
    ("exact posterior", posterior),
]:
    gap = log_px - elbo(q)
    kl_post = kl_divergence(q, posterior)
    gap = round(gap.item(), 3) + 0.0  # + 0.0 turns -0.0 into 0.0
    print(f"{name}: log p(x) - ELBO = {gap:.3f}, KL(q || posterior) = {kl_post:.3f}")
    # > prior as q: log p(x) - ELBO = 3.499, KL(q || posterior) = 3.499
    # > narrow q: log p(x) - ELBO = 1.027, KL(q || posterior) = 1.027
    # > exact posterior: log p(x) - ELBO = 0.000, KL(q || posterior) = 0.000
