import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)


class SwiGLU(nn.Module):
    """Llama's MLP: down(silu(gate(x)) * up(x)), three matrices, no biases."""

    def __init__(self, d, hidden):
        super().__init__()
        self.gate = nn.Linear(d, hidden, bias=False)
        self.up = nn.Linear(d, hidden, bias=False)
        self.down = nn.Linear(hidden, d, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


def llama_hidden(d, multiple_of=256, ffn_dim_multiplier=None):
    h = int(2 * (4 * d) / 3)  # 2/3 of the classic 4d
    if ffn_dim_multiplier is not None:  # set by later models
        h = int(ffn_dim_multiplier * h)
    return multiple_of * ((h + multiple_of - 1) // multiple_of)  # rounded up


def n_params(m):
    return sum(p.numel() for p in m.parameters())


d = 4096  # Llama-7B's width; on the meta device nothing is allocated
with torch.device("meta"):
    classic = nn.Sequential(
        nn.Linear(d, 4 * d, bias=False), nn.GELU(), nn.Linear(4 * d, d, bias=False)
    )
    naive = SwiGLU(d, 4 * d)
    matched = SwiGLU(d, llama_hidden(d))
print(llama_hidden(d))
# > 11008
print(f"{n_params(classic):,} {n_params(naive):,} {n_params(matched):,}")
# > 134,217,728 201,326,592 135,266,304
# Llama 3 8B (same d) sets ffn_dim_multiplier=1.3, multiple_of=1024: 3.5d, 1.31x classic
h3 = llama_hidden(d, multiple_of=1024, ffn_dim_multiplier=1.3)
print(h3, h3 / d, round(3 * d * h3 / n_params(classic), 2))
# > 14336 3.5 1.31

# the gate multiplies: where silu(gate(x)) is 0, up(x) is switched off
small = SwiGLU(8, 16)
x = torch.randn(2, 8)
print(small(x).shape)
# > torch.Size([2, 8])
with torch.no_grad():
    small.gate.weight.zero_()  # silu(0) = 0: every unit's gate is shut
print(small(x).abs().max().item())
# > 0.0
