import torch
import torch.nn.functional as F
from torch.nn.attention.bias import causal_lower_right

torch.manual_seed(0)
d, T, chunk = 16, 10, 4
wq, wk, wv = (torch.randn(d, d) / d**0.5 for _ in range(3))
x = torch.randn(1, T, d)  # one prompt of T tokens


def attend(x_new, cache, offset_mask=True):
    """Causal attention of new tokens over the cached ones plus themselves."""
    k_new, v_new = x_new @ wk, x_new @ wv
    cache["k"] = torch.cat([cache["k"], k_new], dim=1)
    cache["v"] = torch.cat([cache["v"], v_new], dim=1)
    q = x_new @ wq
    L, S = q.shape[1], cache["k"].shape[1]
    if offset_mask:  # query i sits at position S - L + i: it sees keys 0..S-L+i
        mask = torch.ones(L, S, dtype=torch.bool).tril(diagonal=S - L)
        return F.scaled_dot_product_attention(q, cache["k"], cache["v"], attn_mask=mask)
    return F.scaled_dot_product_attention(q, cache["k"], cache["v"], is_causal=True)


def empty():
    return {"k": torch.zeros(1, 0, d), "v": torch.zeros(1, 0, d)}


full_cache = empty()
full = attend(x, full_cache)  # one prefill of all T tokens

for offset_mask in (True, False):
    cache = empty()
    outs = [attend(x[:, i : i + chunk], cache, offset_mask) for i in range(0, T, chunk)]
    same = torch.allclose(torch.cat(outs, dim=1), full, atol=1e-6)
    print(offset_mask, [o.shape[1] for o in outs], same)
    # > True [4, 4, 2] True
    # > False [4, 4, 2] False
    print(torch.allclose(cache["k"], full_cache["k"]))
    # > True
    # > True

# a decode step after the chunked prefill sees the same cache as after the full one
tok = torch.randn(1, 1, d)
c1, c2 = empty(), empty()
attend(x, c1)
for i in range(0, T, chunk):
    attend(x[:, i : i + chunk], c2)
print(torch.allclose(attend(tok, c1), attend(tok, c2), atol=1e-6))
# > True

# the built-in bottom-right causal bias gives the offset mask's attention (L 4, S 10)
q, k, v = torch.randn(1, 4, d), torch.randn(1, 10, d), torch.randn(1, 10, d)
offset = torch.ones(4, 10, dtype=torch.bool).tril(diagonal=6)
built_in = F.scaled_dot_product_attention(q, k, v, attn_mask=causal_lower_right(4, 10))
by_hand = F.scaled_dot_product_attention(q, k, v, attn_mask=offset)
print(torch.allclose(built_in, by_hand, atol=1e-6))
# > True
