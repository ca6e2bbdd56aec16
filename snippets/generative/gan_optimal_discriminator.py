import math

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)


def normal_pdf(x, mu, std):
    return torch.exp(-0.5 * ((x - mu) / std) ** 2) / (std * math.sqrt(2 * math.pi))


def p_data(x):  # the data: two modes
    return 0.5 * normal_pdf(x, -1.5, 0.5) + 0.5 * normal_pdf(x, 1.5, 0.5)


def p_g(x):  # the generator's distribution, held fixed while D trains
    return normal_pdf(x, 0.5, 1.0)


# 1) a discriminator trained on samples by the GAN objective: BCE, real 1 and fake 0
n = 4000
real = torch.randn(n) * 0.5 + 1.5 * (2 * (torch.rand(n) < 0.5) - 1)
fake = torch.randn(n) + 0.5
x = torch.cat([real, fake])[:, None]
y = torch.cat([torch.ones(n), torch.zeros(n)])[:, None]
D = nn.Sequential(
    nn.Linear(1, 32), nn.Tanh(), nn.Linear(32, 32), nn.Tanh(), nn.Linear(32, 1)
)
opt = torch.optim.Adam(D.parameters(), lr=1e-2)
for _ in range(800):
    loss = F.binary_cross_entropy_with_logits(D(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
pts = torch.tensor([-2.0, -1.5, -0.5, 0.0, 0.5, 1.5, 2.5])
with torch.no_grad():
    trained = torch.sigmoid(D(pts[:, None])).squeeze(1)
d_star = p_data(pts) / (p_data(pts) + p_g(pts))  # Goodfellow et al., Proposition 1
print("trained D:", [round(v, 2) for v in trained.tolist()])
# > trained D: [0.93, 0.87, 0.16, 0.03, 0.1, 0.64, 0.51]
print("D*:       ", [round(v, 2) for v in d_star.tolist()])
# > D*:        [0.93, 0.88, 0.18, 0.02, 0.12, 0.62, 0.5]
print(f"largest |D - D*|: {(trained - d_star).abs().max():.3f}")
# > largest |D - D*|: 0.024

# 2) at D*, the game's value is -log 4 + 2 JS(p_data || p_g), on a fine grid
grid = torch.linspace(-10, 10, 4001, dtype=torch.float64)
dx = grid[1] - grid[0]


def kl(p, q):
    return (p * (p / q).log()).sum() * dx


pd = p_data(grid)
candidates = {
    "N(0.5, 1)": p_g(grid),
    "N(0, 1.6)": normal_pdf(grid, 0.0, 1.6),
    "p_data": pd,
}
for name, pg in candidates.items():
    d = pd / (pd + pg)
    value = ((pd * d.log()).sum() + (pg * (1 - d).log()).sum()) * dx
    m = (pd + pg) / 2
    js = 0.5 * kl(pd, m) + 0.5 * kl(pg, m)
    print(
        f"p_g = {name}: V(D*) {value:.4f}, -log 4 + 2 JS {2 * js - math.log(4):.4f},"
        f" JS {js:.4f}"
    )
    # > p_g = N(0.5, 1): V(D*) -0.9949, -log 4 + 2 JS -0.9949, JS 0.1957
    # > p_g = N(0, 1.6): V(D*) -1.1291, -log 4 + 2 JS -1.1291, JS 0.1286
    # > p_g = p_data: V(D*) -1.3863, -log 4 + 2 JS -1.3863, JS 0.0000
print(
    f"-log 4 = {-math.log(4):.4f}; D* at p_g = p_data: {d.min():.2f} to {d.max():.2f}"
)
# > -log 4 = -1.3863; D* at p_g = p_data: 0.50 to 0.50
