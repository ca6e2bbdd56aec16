import torch
import torch.nn.functional as F

torch.manual_seed(0)
n, prefix = 6, 3  # positions 0..2 are the prefix (the input), 3..5 the target
i, j = torch.arange(n)[:, None], torch.arange(n)[None, :]
causal = j <= i  # True = may attend (SDPA's boolean convention)
prefix_lm = causal | (j < prefix)  # and every query sees the whole prefix
print(causal.int())
# > tensor([[1, 0, 0, 0, 0, 0],
# >         [1, 1, 0, 0, 0, 0],
# >         [1, 1, 1, 0, 0, 0],
# >         [1, 1, 1, 1, 0, 0],
# >         [1, 1, 1, 1, 1, 0],
# >         [1, 1, 1, 1, 1, 1]], dtype=torch.int32)
print(prefix_lm.int())
# > tensor([[1, 1, 1, 0, 0, 0],
# >         [1, 1, 1, 0, 0, 0],
# >         [1, 1, 1, 0, 0, 0],
# >         [1, 1, 1, 1, 0, 0],
# >         [1, 1, 1, 1, 1, 0],
# >         [1, 1, 1, 1, 1, 1]], dtype=torch.int32)

# the prefix positions see each other both ways; the target part is causal
d = 8
q, k, v = (torch.randn(1, n, d, requires_grad=True) for _ in range(3))


def sees(mask, pos):
    out = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
    (g,) = torch.autograd.grad(out[0, pos].sum(), v)  # which values reach it
    return (g[0].abs().sum(-1) > 0).nonzero().flatten().tolist()


print("position 0 sees, causal:", sees(causal, 0), "prefix LM:", sees(prefix_lm, 0))
# > position 0 sees, causal: [0] prefix LM: [0, 1, 2]
print("position 4 sees, causal:", sees(causal, 4), "prefix LM:", sees(prefix_lm, 4))
# > position 4 sees, causal: [0, 1, 2, 3, 4] prefix LM: [0, 1, 2, 3, 4]

# appending target tokens never changes the prefix's outputs, so its keys and values
# can be cached once and decoding after the prefix is ordinary causal decoding
x = torch.randn(1, n, d)
full = F.scaled_dot_product_attention(x, x, x, attn_mask=prefix_lm)
short = F.scaled_dot_product_attention(
    x[:, :4], x[:, :4], x[:, :4], attn_mask=prefix_lm[:4, :4]
)
print(torch.allclose(full[:, :4], short))
# > True
