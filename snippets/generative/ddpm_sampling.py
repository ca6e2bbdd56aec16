import torch

torch.manual_seed(0)
T = 1000
betas = torch.linspace(1e-4, 0.02, T, dtype=torch.float64)
alphas = 1 - betas
alpha_bar = torch.cumprod(alphas, dim=0)

# data ~ N(m, s^2): here the best noise predictor E[eps | x_t] has a closed form,
# so it stands in for a perfectly trained network
m, s = 3.0, 0.5


def eps_oracle(x_t, t):
    a = alpha_bar[t]
    return (1 - a).sqrt() * (x_t - a.sqrt() * m) / (a * s**2 + 1 - a)


# Algorithm 2: start from pure noise, take T denoising steps
x = torch.randn(20_000, dtype=torch.float64)
for t in reversed(range(T)):
    eps = eps_oracle(x, t)
    mean = (x - betas[t] / (1 - alpha_bar[t]).sqrt() * eps) / alphas[t].sqrt()
    noise = torch.randn_like(x) if t > 0 else 0.0  # no noise on the last step
    x = mean + betas[t].sqrt() * noise  # sigma_t^2 = beta_t
print(f"samples: mean {x.mean():.3f}, std {x.std():.2f} (data: {m}, {s})")
# > samples: mean 3.010, std 0.50 (data: 3.0, 0.5)

# the same steps without the added noise collapse the spread
x = torch.randn(20_000, dtype=torch.float64)
for t in reversed(range(T)):
    eps = eps_oracle(x, t)
    x = (x - betas[t] / (1 - alpha_bar[t]).sqrt() * eps) / alphas[t].sqrt()
print(f"no noise: mean {x.mean():.3f}, std {x.std():.3f}")
# > no noise: mean 3.000, std 0.002

# alpha_t where the formula needs alpha_bar_t: no error, a wrong spread
x = torch.randn(20_000, dtype=torch.float64)
for t in reversed(range(T)):
    eps = eps_oracle(x, t)
    mean = (x - betas[t] / (1 - alphas[t]).sqrt() * eps) / alphas[t].sqrt()  # wrong
    noise = torch.randn_like(x) if t > 0 else 0.0
    x = mean + betas[t].sqrt() * noise
print(f"alpha for alpha_bar: mean {x.mean():.3f}, std {x.std():.2f}")
# > alpha for alpha_bar: mean 3.002, std 0.18
# noise on the last step would add sigma_1 z, a small blur with this schedule
print(f"sigma_1 = sqrt(beta_1) = {betas[0].sqrt():.2f}")
# > sigma_1 = sqrt(beta_1) = 0.01
