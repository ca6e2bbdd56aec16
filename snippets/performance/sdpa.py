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

# dropout_p applies whenever it is nonzero: a function has no eval mode
first = F.scaled_dot_product_attention(q, k, v, dropout_p=0.5)
print(torch.equal(first, F.scaled_dot_product_attention(q, k, v, dropout_p=0.5)))
# > False

# nn.MultiheadAttention's boolean masks mean the opposite: True = masked out
mha = torch.nn.MultiheadAttention(embed_dim=8, num_heads=2, batch_first=True)
x = torch.randn(B, L, 8)
_, weights = mha(x, x, x, attn_mask=~causal)  # attention weights, (B, L, L)
print(bool((weights[:, ~causal] == 0).all()), bool((weights[:, causal] > 0).all()))
# > True True
padding = torch.arange(L) >= 4  # the last two keys are padding
_, weights = mha(x, x, x, key_padding_mask=padding.expand(B, L))
print(
    bool((weights[..., padding] == 0).all()),
    bool((weights[..., ~padding] > 0).all()),
)
# > True True
# SDPA's mask passed to MHA as is: the last query may attend to nothing
_, weights = mha(x, x, x, attn_mask=causal)
print(weights[0, -1].isnan().all().item())
# > True
