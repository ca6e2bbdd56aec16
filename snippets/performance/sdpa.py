import math

import torch
import torch.nn.functional as F

torch.manual_seed(0)
B, H, L, D = 2, 4, 6, 8  # batch, heads, sequence length, head dim
q, k, v = torch.randn(B, H, L, D), torch.randn(B, H, L, D), torch.randn(B, H, L, D)

# the L x L matrix that fused kernels never materialize
scores = q @ k.transpose(-2, -1) / math.sqrt(D)
manual = torch.softmax(scores, dim=-1) @ v
print(torch.allclose(F.scaled_dot_product_attention(q, k, v), manual, atol=1e-6))
# > True

causal = torch.ones(L, L, dtype=torch.bool).tril()  # True = may attend
manual_causal = torch.softmax(scores.masked_fill(~causal, float("-inf")), dim=-1) @ v
print(
    torch.allclose(
        F.scaled_dot_product_attention(q, k, v, is_causal=True),
        manual_causal,
        atol=1e-6,
    )
)
# > True
print(
    torch.allclose(
        F.scaled_dot_product_attention(q, k, v, attn_mask=causal),
        manual_causal,
        atol=1e-6,
    )
)
# > True

# nn.MultiheadAttention's boolean mask means the opposite: True = masked out
mha_mask = ~causal
print(torch.equal(mha_mask, torch.ones(L, L, dtype=torch.bool).triu(1)))
# > True
