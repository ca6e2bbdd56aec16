import torch

torch.manual_seed(0)
T = 1000
betas = torch.linspace(1e-4, 0.02, T, dtype=torch.float64)
alpha_bar = torch.cumprod(1 - betas, dim=0)
m, s = 3.0, 0.5  # data ~ N(m, s^2): the exact eps predictor stands in for a network


def eps_model(x_t, t):
    a = alpha_bar[t]
    return (1 - a).sqrt() * (x_t - a.sqrt() * m) / (a * s**2 + 1 - a)


def sample(x, steps, eta):
    # DDIM (Song et al. eq. 12) on a subsequence of the 1000 training steps;
    # eta=1 with all 1000 steps is DDPM's ancestral sampler, with sigma_t^2 the
    # posterior variance beta-tilde_t (Ho et al.'s second choice, not beta_t)
    ts = torch.linspace(T - 1, 0, steps).round().long().tolist()
    for t, t_prev in zip(ts, ts[1:] + [None], strict=True):
        a = alpha_bar[t]
        a_prev = alpha_bar[t_prev] if t_prev is not None else torch.tensor(1.0)
        eps = eps_model(x, t)
        x0 = (x - (1 - a).sqrt() * eps) / a.sqrt()
        sigma = eta * ((1 - a_prev) / (1 - a) * (1 - a / a_prev)).sqrt()
        x = a_prev.sqrt() * x0 + (1 - a_prev - sigma**2).sqrt() * eps
        if t_prev is not None:
            x = x + sigma * torch.randn_like(x)
    return x


# eta = 1: sigma_t^2 = (1 - abar_{t-1}) / (1 - abar_t) * beta_t, the posterior variance
a, a_prev = alpha_bar[1:], alpha_bar[:-1]
sigma2 = (1 - a_prev) / (1 - a) * (1 - a / a_prev)
print(
    "eta=1 is beta-tilde:",
    torch.allclose(sigma2, (1 - a_prev) / (1 - a) * betas[1:]),
    "| is beta:",
    torch.allclose(sigma2, betas[1:]),
)
# > eta=1 is beta-tilde: True | is beta: False

x_T = torch.randn(20_000, dtype=torch.float64)
for name, steps, eta in [
    ("DDPM", 1000, 1.0),
    ("DDPM", 50, 1.0),
    ("DDIM", 50, 0.0),
    ("DDIM", 10, 0.0),
]:
    x = sample(x_T.clone(), steps, eta)
    print(f"{name} {steps:4d} steps: mean {x.mean():.3f}, std {x.std():.3f}")
    # > DDPM 1000 steps: mean 3.010, std 0.497
    # > DDPM   50 steps: mean 2.999, std 0.442
    # > DDIM   50 steps: mean 2.983, std 0.477
    # > DDIM   10 steps: mean 2.987, std 0.365

# same x_T twice: DDIM returns the same sample, DDPM a different one
a1, a2 = sample(x_T[:5].clone(), 50, 0.0), sample(x_T[:5].clone(), 50, 0.0)
b1, b2 = sample(x_T[:5].clone(), 1000, 1.0), sample(x_T[:5].clone(), 1000, 1.0)
print("DDIM deterministic:", torch.equal(a1, a2), "| DDPM:", torch.equal(b1, b2))
# > DDIM deterministic: True | DDPM: False
# DDIM's map from noise to data keeps the order: x_T's quantiles become the data's
x_T3 = torch.tensor([-1.0, 0.0, 1.0], dtype=torch.float64)
print("DDIM output from x_T = [-1, 0, 1]:", sample(x_T3, 50, 0.0).numpy().round(3))
# > DDIM output from x_T = [-1, 0, 1]: [2.519 2.991 3.463]
