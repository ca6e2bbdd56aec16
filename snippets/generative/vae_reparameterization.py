import torch
from torch.distributions import Bernoulli, Normal

torch.manual_seed(0)
mu = torch.tensor([0.5, -1.0], requires_grad=True)
log_var = torch.tensor([0.0, -2.0], requires_grad=True)
sigma = torch.exp(0.5 * log_var)

# .sample() draws under no_grad: z is a constant, cut off from mu and sigma
z = Normal(mu, sigma).sample()
print(z.requires_grad, z.grad_fn)
# > False None

# .rsample() is the reparameterization z = mu + sigma * eps, eps ~ N(0, 1)
torch.manual_seed(1)
z = Normal(mu, sigma).rsample()
torch.manual_seed(1)
eps = torch.randn(2)
print(torch.equal(z, mu + sigma * eps), z.grad_fn is not None)
# > True True
z.sum().backward()
# dz/dmu = 1; dz/dlog_var = eps * sigma / 2: the gradient sees the noise drawn
print(mu.grad, torch.allclose(log_var.grad, eps * sigma / 2))
# > tensor([1., 1.]) True

# a Monte Carlo gradient of E[z^2] = mu^2 + sigma^2 matches the exact 2 * mu
mu2 = torch.tensor(0.5, requires_grad=True)
z = Normal(mu2, 1.0).rsample((400_000,))
(z**2).mean().backward()
print(f"{mu2.grad.item():.2f} vs exact {2 * mu2.item():.2f}")
# > 0.99 vs exact 1.00
# not every distribution can be reparameterized: a discrete one has no rsample
print(Normal.has_rsample, Bernoulli.has_rsample)
# > True False
try:
    Bernoulli(probs=torch.tensor(0.3)).rsample()
except NotImplementedError as e:
    print(type(e).__name__)
    # > NotImplementedError
