import torch
import torch.nn.functional as F

torch.manual_seed(0)
N, d = 256, 16


def vicreg_terms(z1, z2, gamma=1.0, eps=1e-4):
    inv = F.mse_loss(z1, z2)  # invariance: the two views agree

    def var(z):  # hinge on each dimension's std across the batch
        return F.relu(gamma - (z.var(0) + eps).sqrt()).mean()

    def cov(z):  # off-diagonal covariances: dimensions decorrelated
        z = z - z.mean(0)
        c = z.T @ z / (len(z) - 1)
        return (c - torch.diag(c.diag())).pow(2).sum() / z.shape[1]

    return inv, var(z1) + var(z2), cov(z1) + cov(z2)


def info_nce(z1, z2, tau=0.1):  # SimCLR-style, one way: each z1 against all of z2
    z1, z2 = F.normalize(z1, dim=1), F.normalize(z2, dim=1)
    return F.cross_entropy(z1 @ z2.T / tau, torch.arange(len(z1)))


base = torch.randn(N, d)
cases = {
    "spread": (base, base + 0.1 * torch.randn(N, d)),
    "collapsed": (torch.ones(N, d), torch.ones(N, d)),  # every input, one vector
    "one direction": (base[:, :1] * torch.ones(1, d), base[:, :1] * torch.ones(1, d)),
}
for name, (z1, z2) in cases.items():
    inv, var, cov = vicreg_terms(z1, z2)
    loss = 25 * inv + 25 * var + 1 * cov  # VICReg's default weights
    print(
        f"{name:13s} inv {inv:.3f} var {var:.3f} cov {cov:.3f} "
        f"VICReg {loss:.2f} InfoNCE {info_nce(z1, z2):.2f}"
    )
    # > spread        inv 0.010 var 0.040 cov 0.123 VICReg 1.39 InfoNCE 0.17
    # > collapsed     inv 0.000 var 1.980 cov 0.000 VICReg 49.50 InfoNCE 5.55
    # > one direction inv 0.000 var 0.000 cov 31.116 VICReg 31.12 InfoNCE 4.85
print(f"log N = {torch.log(torch.tensor(float(N))):.2f}")
# > log N = 5.55


def nt_xent(
    z1, z2, tau=0.1
):  # SimCLR's own loss: 2N views, each against the 2N-1 others
    z = F.normalize(torch.cat([z1, z2]), dim=1)
    sim = z @ z.T / tau
    sim.fill_diagonal_(float("-inf"))  # a view is not its own candidate
    positive = torch.arange(2 * N).roll(N)  # view i's positive is i + N (mod 2N)
    return F.cross_entropy(sim, positive)


collapsed = torch.ones(N, d)
print(
    f"NT-Xent collapsed {nt_xent(collapsed, collapsed):.2f},",
    f"log(2N - 1) = {torch.log(torch.tensor(2.0 * N - 1)):.2f}",
)
# > NT-Xent collapsed 6.24, log(2N - 1) = 6.24
