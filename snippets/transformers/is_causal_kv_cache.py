import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel
from torch.nn.attention.bias import causal_lower_right

torch.manual_seed(0)
S = 8  # tokens so far, all of them in the KV cache
q, k, v = torch.randn(3, 1, 2, S, 16).unbind(0)  # (batch, heads, S, head dim)
reference = F.scaled_dot_product_attention(q, k, v, is_causal=True)  # prefill: L == S

# 3 new tokens (a prefill chunk, or 3 draft tokens to verify) against the 8 cached keys
new = q[..., -3:, :]
top_left = F.scaled_dot_product_attention(new, k, v, is_causal=True)
lower_right = F.scaled_dot_product_attention(
    new, k, v, attn_mask=causal_lower_right(3, S)
)
print(torch.allclose(top_left, reference[..., -3:, :], atol=1e-6))
# > False
print(torch.allclose(lower_right, reference[..., -3:, :], atol=1e-6))
# > True

# the two alignments of a 3 x 8 mask (1 = may attend)
print(torch.ones(3, S, dtype=torch.int).tril())  # is_causal: query 0 sees key 0 only
# > tensor([[1, 0, 0, 0, 0, 0, 0, 0],
# >         [1, 1, 0, 0, 0, 0, 0, 0],
# >         [1, 1, 1, 0, 0, 0, 0, 0]], dtype=torch.int32)
print(torch.ones(3, S, dtype=torch.int).tril(S - 3))  # query 0 is token 5: keys 0..5
# > tensor([[1, 1, 1, 1, 1, 1, 0, 0],
# >         [1, 1, 1, 1, 1, 1, 1, 0],
# >         [1, 1, 1, 1, 1, 1, 1, 1]], dtype=torch.int32)

# one decoding step: the newest token may see every cached key, so it needs no mask
last = q[..., -1:, :]
no_mask = F.scaled_dot_product_attention(last, k, v)
print(torch.allclose(no_mask, reference[..., -1:, :], atol=1e-6))
# > True
print(
    torch.allclose(
        F.scaled_dot_product_attention(last, k, v, is_causal=True), v[..., :1, :]
    )
)  # is_causal=True: it sees key 0 only, and returns value 0
# > True

# no causal mask, but a padded batch still needs its padding mask: here sequence 1
# was left-padded by 3, so its first 3 cached keys are pads
kb, vb = torch.randn(2, 2, 1, S, 16).unbind(0)  # a batch of 2 caches, 1 head
qb = torch.randn(2, 1, 1, 16)  # one new token each
keep = torch.ones(2, S, dtype=torch.bool)
keep[1, :3] = False
masked = F.scaled_dot_product_attention(qb, kb, vb, attn_mask=keep[:, None, None, :])
unmasked = F.scaled_dot_product_attention(qb, kb, vb)
print([torch.allclose(unmasked[i], masked[i], atol=1e-6) for i in range(2)])
# > [True, False]

# is_causal=True plus an attn_mask: the math backend refuses, the CPU flash kernel
# silently applies both
pad = torch.ones(S, S, dtype=torch.bool)
pad[:, 0] = False  # key 0 is padding
with sdpa_kernel(SDPBackend.MATH):
    try:
        F.scaled_dot_product_attention(q, k, v, attn_mask=pad, is_causal=True)
    except RuntimeError as e:
        print(str(e).split(": ", 1)[1])
        # > Explicit attn_mask should not be set when is_causal=True
with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
    both = F.scaled_dot_product_attention(q, k, v, attn_mask=pad, is_causal=True)
combined = pad & torch.ones(S, S, dtype=torch.bool).tril()
print(
    torch.allclose(
        both, F.scaled_dot_product_attention(q, k, v, attn_mask=combined), atol=1e-6
    )
)
# > True
