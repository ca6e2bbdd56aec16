import torch
import torch.nn.functional as F
from torch.nn.attention.bias import causal_lower_right

torch.manual_seed(0)
# decoding with a KV cache: 1 new query, 4 cached keys (3 past tokens + itself)
q = torch.randn(1, 1, 1, 8)
k, v = torch.randn(1, 1, 4, 8), torch.randn(1, 1, 4, 8)

# is_causal=True is a top-left tril(ones(L, S)): the query may attend to key 0 only
out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
print(torch.allclose(out, v[..., :1, :]))  # the output is just value 0
# > True
# aligned bottom-right, the last query sees every key: the mask decoding needs
out = F.scaled_dot_product_attention(q, k, v, attn_mask=causal_lower_right(1, 4))
print(torch.allclose(out, F.scaled_dot_product_attention(q, k, v)))
# > True

# grouped-query attention: 8 query heads share 2 key/value heads
q = torch.randn(1, 8, 5, 8)
k, v = torch.randn(1, 2, 5, 8), torch.randn(1, 2, 5, 8)
out = F.scaled_dot_product_attention(q, k, v, enable_gqa=True)
repeated = [t.repeat_interleave(4, dim=1) for t in (k, v)]
print(
    out.shape,
    torch.allclose(out, F.scaled_dot_product_attention(q, *repeated), atol=1e-6),
)
# > torch.Size([1, 8, 5, 8]) True
