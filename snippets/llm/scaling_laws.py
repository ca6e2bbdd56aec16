import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)
V, d, L, B, T = 64, 32, 2, 4, 16


class Block(nn.Module):
    def __init__(self, attention):
        super().__init__()
        self.attention = attention
        self.qkv, self.o = nn.Linear(d, 3 * d), nn.Linear(d, d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x):
        if self.attention:  # one head, causal
            q, k, v = self.qkv(x).chunk(3, dim=-1)
            x = x + self.o(F.scaled_dot_product_attention(q, k, v, is_causal=True))
        return x + self.mlp(x)


def flops_per_param_token(attention):
    blocks = [Block(attention) for _ in range(L)]
    model = nn.Sequential(nn.Embedding(V, d), *blocks, nn.Linear(d, V, bias=False))
    used = model if attention else [model[0], *[b.mlp for b in blocks], model[-1]]
    # N: weight matrices only (biases are ~0.1%; the embedding is a lookup, no FLOPs)
    N = sum(p.numel() for m in used for p in m.parameters() if p.dim() == 2)
    N -= V * d  # the embedding table
    tokens = torch.randint(0, V, (B, T))
    with FlopCounterMode(display=False) as counter:
        logits = model(tokens)
        fwd = counter.get_total_flops()
        F.cross_entropy(logits.flatten(0, 1), tokens.flatten()).backward()
    total = counter.get_total_flops()
    D = B * T
    return N, fwd / (N * D), (total - fwd) / (N * D), total / (N * D)


print(flops_per_param_token(attention=False))  # N, forward, backward, total per N*D
# > (18432, 2.0, 4.0, 6.0)
N, _, _, ratio = flops_per_param_token(attention=True)
print(f"{ratio:.3f}", f"{6 + 12 * L * T * d / N:.3f}")  # 6N + 12*L*T*d per token
# > 6.462 6.462

# Chinchilla: 70e9 parameters on 1.4e12 tokens (Hoffmann et al. 2022, Table 1)
N, D = 70e9, 1.4e12
C = 6 * N * D
print(f"C = {C:.2e} FLOPs, {D / N:.0f} tokens per parameter")
# > C = 5.88e+23 FLOPs, 20 tokens per parameter
# Compute-optimal at 20 tokens per parameter: C = 6 * N * 20N, so N = sqrt(C / 120)
for budget in (1e21, 1e23, 1e25):
    n = (budget / 120) ** 0.5
    print(f"{budget:.0e} FLOPs: N = {n:.1e}, D = {20 * n:.1e}")
    # > 1e+21 FLOPs: N = 2.9e+09, D = 5.8e+10
    # > 1e+23 FLOPs: N = 2.9e+10, D = 5.8e+11
    # > 1e+25 FLOPs: N = 2.9e+11, D = 5.8e+12
# Wall clock, assuming 1024 GPUs that each sustain 400e12 FLOP/s
print(f"{C / (1024 * 400e12) / 86400:.1f} days")
# > 16.6 days
