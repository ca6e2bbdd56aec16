import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
try:
    nn.MultiheadAttention(embed_dim=10, num_heads=3)
except AssertionError as e:
    print("AssertionError:", e)
    # > AssertionError: embed_dim must be divisible by num_heads


class Attention(nn.Module):
    """Multi-head self-attention whose head size is its own hyperparameter."""

    def __init__(self, d_model, heads, head_dim):
        super().__init__()
        self.h, self.dh = heads, head_dim
        self.qkv = nn.Linear(d_model, 3 * heads * head_dim, bias=False)
        self.out = nn.Linear(heads * head_dim, d_model, bias=False)

    def forward(self, x):  # (B, L, d_model)
        b, n, _ = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.h, self.dh).permute(2, 0, 3, 1, 4)
        y = F.scaled_dot_product_attention(q, k, v)  # (B, h, L, head_dim)
        return self.out(y.transpose(1, 2).reshape(b, n, self.h * self.dh))


x = torch.randn(1, 64, 12, dtype=torch.float64)
for heads, head_dim in [(2, 6), (2, 16)]:  # h * head_dim = 12, then 32
    att = Attention(12, heads, head_dim).double()
    params = sum(p.numel() for p in att.parameters())
    q, k, _ = att.qkv(x).view(1, 64, 3, heads, head_dim).unbind(2)
    rank = torch.linalg.matrix_rank(q[0, :, 0] @ k[0, :, 0].T).item()
    print(
        f"h={heads} head_dim={head_dim}: out {tuple(att(x).shape)},",
        f"params {params} = 4*12*{heads * head_dim}, head 0 score rank {rank}",
    )
    # > h=2 head_dim=6: out (1, 64, 12), params 576 = 4*12*12, head 0 score rank 6
    # > h=2 head_dim=16: out (1, 64, 12), params 1536 = 4*12*32, head 0 score rank 12
# with a bias, queries and keys are affine in the token: one more dimension
qb, kb = (nn.Linear(12, 16, dtype=torch.float64)(x[0]) for _ in range(2))
print("biased heads of 16: score rank", torch.linalg.matrix_rank(qb @ kb.T).item())
# > biased heads of 16: score rank 13

# Gemma 7B's shape: d_model 3072, 16 heads of 256 (4096 wide), no GQA
d, h, dh = 3072, 16, 256
print(
    f"attention weights per layer: {4 * d * h * dh / 1e6:.1f}M",
    f"(with head_dim = d/h = {d // h}: {4 * d * d / 1e6:.1f}M)",
)
# > attention weights per layer: 50.3M (with head_dim = d/h = 192: 37.7M)
