import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.linspace(-10, 10, 801)  # a grid: the densities become distributions on it


def log_normal(mu, sigma):
    return -0.5 * ((x - mu) / sigma) ** 2 - torch.log(sigma)


# the target P: two modes, at -3 and +3, each of width 1
two = torch.stack(
    [
        log_normal(torch.tensor(-3.0), torch.tensor(1.0)),
        log_normal(torch.tensor(3.0), torch.tensor(1.0)),
    ]
)
log_p = torch.logsumexp(two, 0).log_softmax(0)


def fit(direction, mu0):
    """Fit one Gaussian Q = N(mu, sigma) to P under KL(P||Q) or KL(Q||P)."""
    mu = torch.tensor(mu0, requires_grad=True)
    log_sigma = torch.tensor(0.0, requires_grad=True)
    opt = torch.optim.Adam([mu, log_sigma], lr=0.1)
    for _ in range(200):
        log_q = log_normal(mu, log_sigma.exp()).log_softmax(0)
        if direction == "forward":  # KL(P || Q): F.kl_div(input=log Q, target=P)
            loss = F.kl_div(log_q, log_p, reduction="sum", log_target=True)
        else:  # KL(Q || P): F.kl_div(input=log P, target=Q)
            loss = F.kl_div(log_p, log_q, reduction="sum", log_target=True)
        opt.zero_grad()
        loss.backward()
        opt.step()
    mu, sigma = round(mu.item(), 2) + 0.0, round(log_sigma.exp().item(), 2)
    return mu, sigma, round(loss.item(), 3), log_q.detach()


mu_f, sigma_f, loss_f, log_qf = fit("forward", 2.0)
mu_r, sigma_r, loss_r, log_qr = fit("reverse", 2.0)
print("forward", mu_f, sigma_f, loss_f)  # moment matching: mean 0, std about sqrt(10)
# > forward 0.0 3.19 0.46
print("reverse", mu_r, sigma_r, loss_r)  # one mode, at its own width
# > reverse 2.98 1.02 0.689
# reverse KL is not convex in (mu, sigma): started near the middle, it stays there
print("reverse from 0.5", *fit("reverse", 0.5)[:3])
# > reverse from 0.5 0.0 2.77 0.835

# forward KL covers both modes and puts mass between them, where P has almost none
mid = x.abs() < 1
print(round(log_p.exp()[mid].sum().item(), 3), round(log_qf.exp()[mid].sum().item(), 3))
# > 0.023 0.249
# reverse KL drops the other mode: Q's mass on the left half
left = x < 0
p_left, f_left, r_left = (lp.exp()[left].sum().item() for lp in (log_p, log_qf, log_qr))
print(round(p_left, 3), round(f_left, 3), round(r_left, 4))
# > 0.5 0.502 0.0018


def kl(a, b):  # KL(a || b) from log-probabilities: F.kl_div takes b first
    return F.kl_div(b, a, reduction="sum", log_target=True).item()


# each fit scores worse than the other under the direction it did not minimize
print(round(kl(log_p, log_qf), 3), round(kl(log_p, log_qr), 3))  # KL(P || Q)
# > 0.46 7.86
print(round(kl(log_qf, log_p), 3), round(kl(log_qr, log_p), 3))  # KL(Q || P)
# > 0.913 0.689
