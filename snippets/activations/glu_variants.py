import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)

# F.glu splits the last dim in half: the first half a, gated by sigmoid of the second b
z = torch.randn(3, 8)
a, b = z.chunk(2, dim=-1)
print(F.glu(z).shape, torch.allclose(F.glu(z), a * torch.sigmoid(b)))
# > torch.Size([3, 4]) True
print(torch.allclose(F.glu(z), torch.sigmoid(a) * b))  # the gate is the SECOND half
# > False


class GatedFFN(nn.Module):
    """Shazeer (2020): FFN_act(x) = (act(x W) * x V) W2, no biases."""

    def __init__(self, d, hidden, act):
        super().__init__()
        self.w = nn.Linear(d, hidden, bias=False)  # through the activation: the gate
        self.v = nn.Linear(d, hidden, bias=False)  # linear: the value
        self.w2 = nn.Linear(hidden, d, bias=False)
        self.act = act

    def gate(self, x):
        return self.act(self.w(x))

    def forward(self, x):
        return self.w2(self.gate(x) * self.v(x))


variants = {"GLU": torch.sigmoid, "ReGLU": F.relu, "GeGLU": F.gelu, "SwiGLU": F.silu}
x = torch.randn(64, 16)
for name, act in variants.items():
    g = GatedFFN(16, 32, act).gate(x)
    zeros = (g == 0).float().mean().item()
    print(f"{name:6} gate min {g.min().item():6.3f}, exact zeros {zeros:.2f}")
    # > GLU    gate min  0.140, exact zeros 0.00
    # > ReGLU  gate min  0.000, exact zeros 0.48
    # > GeGLU  gate min -0.170, exact zeros 0.00
    # > SwiGLU gate min -0.278, exact zeros 0.00


def n_params(m):
    return sum(p.numel() for p in m.parameters())


# T5-base sizes in the paper: d_model 768; d_ff 3072 for two matrices, 2048 for three
with torch.device("meta"):
    relu_ffn = nn.Sequential(
        nn.Linear(768, 3072, bias=False), nn.ReLU(), nn.Linear(3072, 768, bias=False)
    )
    geglu = GatedFFN(768, 2048, F.gelu)
print(n_params(relu_ffn), n_params(geglu))
# > 4718592 4718592
