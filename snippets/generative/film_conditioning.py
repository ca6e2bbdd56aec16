import math

import torch
from torch import nn

torch.manual_seed(0)


class FiLM(nn.Module):
    """h -> gamma(c) * h + beta(c), a gamma and a beta per channel (Perez et al.)."""

    def __init__(self, cond_dim, channels):
        super().__init__()
        self.to_gamma_beta = nn.Linear(cond_dim, 2 * channels)

    def forward(self, h, c):  # h: (B, C, H, W), c: (B, cond_dim)
        gamma, beta = self.to_gamma_beta(c).chunk(2, dim=1)
        return gamma[:, :, None, None] * h + beta[:, :, None, None]


def timestep_embedding(t, dim):  # sinusoidal, as diffusion U-Nets embed t
    freqs = torch.exp(-math.log(10_000) * torch.arange(dim // 2) / (dim // 2))
    angles = t[:, None].float() * freqs[None]
    return torch.cat([angles.sin(), angles.cos()], dim=1)


film = FiLM(cond_dim=16, channels=4).requires_grad_(False)
h = torch.randn(1, 4, 8, 8).expand(2, -1, -1, -1)  # the same features twice
c = timestep_embedding(torch.tensor([10, 900]), 16)  # two different timesteps
out = film(h, c)
differ = not torch.allclose(out[0], out[1])
print("same features, two timesteps, outputs differ:", differ)
# > same features, two timesteps, outputs differ: True

# per channel it is an affine map: out = gamma * h + beta, fitted back exactly
gamma, beta = film.to_gamma_beta(c[:1]).chunk(2, dim=1)
ch = 2
fit = torch.linalg.lstsq(
    torch.stack([h[0, ch].flatten(), torch.ones(64)], 1), out[0, ch].flatten()[:, None]
).solution.squeeze()
print(
    "channel 2: fitted (gamma, beta)",
    fit.numpy().round(4),
    "from c",
    torch.stack([gamma[0, ch], beta[0, ch]]).numpy().round(4),
)
# > channel 2: fitted (gamma, beta) [-0.2748 -0.0823] from c [-0.2748 -0.0823]

# concatenating c to a linear layer's input is FiLM with gamma = 1: only a shift
x, cond = torch.randn(3, 5), torch.randn(3, 2)
lin = nn.Linear(5 + 2, 4).requires_grad_(False)
W_x, W_c = lin.weight[:, :5], lin.weight[:, 5:]
concat = lin(torch.cat([x, cond], 1))
print(
    "concat == x W_x + (c W_c + b):",
    torch.allclose(concat, x @ W_x.T + (cond @ W_c.T + lin.bias), atol=1e-6),
)
# > concat == x W_x + (c W_c + b): True
