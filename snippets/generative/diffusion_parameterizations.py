import torch

torch.manual_seed(0)
# data ~ N(m, s^2): at each t the best predictions of eps, x_0 and v, and the score of
# p(x_t), all have closed forms, so the conversions can be checked exactly
m, s = 3.0, 0.5
abar = torch.tensor(0.3, dtype=torch.float64)  # alpha_bar_t at some step t
x0 = m + s * torch.randn(5, dtype=torch.float64)
eps = torch.randn(5, dtype=torch.float64)
x_t = abar.sqrt() * x0 + (1 - abar).sqrt() * eps

var_t = abar * s**2 + 1 - abar  # p(x_t) = N(sqrt(abar) m, var_t)
eps_hat = (1 - abar).sqrt() * (x_t - abar.sqrt() * m) / var_t  # E[eps | x_t]
x0_hat = m + abar.sqrt() * s**2 * (x_t - abar.sqrt() * m) / var_t  # E[x_0 | x_t]
v_hat = abar.sqrt() * eps_hat - (1 - abar).sqrt() * x0_hat  # v's definition

x = x_t.clone().requires_grad_()
log_p = torch.distributions.Normal(abar.sqrt() * m, var_t.sqrt()).log_prob(x).sum()
(score,) = torch.autograd.grad(log_p, x)  # d/dx_t log p(x_t), by autograd

print(
    "x0 = (x_t - sqrt(1-a) eps) / sqrt(a):",
    torch.allclose(x0_hat, (x_t - (1 - abar).sqrt() * eps_hat) / abar.sqrt()),
)
# > x0 = (x_t - sqrt(1-a) eps) / sqrt(a): True
print("score = -eps / sqrt(1-a):", torch.allclose(score, -eps_hat / (1 - abar).sqrt()))
# > score = -eps / sqrt(1-a): True
print(
    "x0 = sqrt(a) x_t - sqrt(1-a) v:",
    torch.allclose(x0_hat, abar.sqrt() * x_t - (1 - abar).sqrt() * v_hat),
)
# > x0 = sqrt(a) x_t - sqrt(1-a) v: True
print(
    "eps = sqrt(1-a) x_t + sqrt(a) v:",
    torch.allclose(eps_hat, (1 - abar).sqrt() * x_t + abar.sqrt() * v_hat),
)
# > eps = sqrt(1-a) x_t + sqrt(a) v: True

# one wrong eps prediction, converted: its x_0 and v errors scale with t
eps_pred = eps_hat + 0.1
x0_pred = (x_t - (1 - abar).sqrt() * eps_pred) / abar.sqrt()
v_pred = (eps_pred - (1 - abar).sqrt() * x_t) / abar.sqrt()
mse = {
    n: ((p - t) ** 2).mean()
    for n, p, t in [
        ("eps", eps_pred, eps_hat),
        ("x0", x0_pred, x0_hat),
        ("v", v_pred, v_hat),
    ]
}
ratio = (1 - abar) / abar
print(f"MSE x0 / MSE eps = {mse['x0'] / mse['eps']:.3f}, (1-a)/a = {ratio:.3f}")
# > MSE x0 / MSE eps = 2.333, (1-a)/a = 2.333
print(f"MSE v  / MSE eps = {mse['v'] / mse['eps']:.3f}, 1/a = {1 / abar:.3f}")
# > MSE v  / MSE eps = 3.333, 1/a = 3.333

# near the data (abar = 0.9) the same eps error costs x_0 less than eps: an unweighted
# x_0 loss weighs the noisy steps more than the eps loss does, the clean ones less
a9 = torch.tensor(0.9, dtype=torch.float64)
x0_err = ((1 - a9).sqrt() * (eps_pred - eps_hat) / a9.sqrt()).pow(2).mean()
print(f"abar 0.9: MSE x0 / MSE eps = {x0_err / mse['eps']:.3f}")
# > abar 0.9: MSE x0 / MSE eps = 0.111
