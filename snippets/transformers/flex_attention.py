import textwrap
import warnings

import torch
import torch.nn.functional as F
from torch.nn.attention.flex_attention import create_block_mask, flex_attention

torch.manual_seed(0)
L, WINDOW = 512, 128
q, k, v = torch.randn(3, 1, 2, L, 16).unbind(0)  # (batch, heads, L, head dim)


def sliding_window(b, h, q_idx, kv_idx):  # a mask_mod: True = may attend
    return (q_idx >= kv_idx) & (q_idx - kv_idx < WINDOW)


# the same mask, dense, for SDPA
i = torch.arange(L)
dense = (i[:, None] >= i) & (i[:, None] - i < WINDOW)

# which 128 x 128 blocks hold any allowed entry: the kernel skips the others
block_mask = create_block_mask(sliding_window, None, None, L, L, device="cpu")
print(f"{block_mask.sparsity():.2f}% of the blocks skipped")
# > 56.25% of the blocks skipped
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    out = flex_attention(q, k, v, block_mask=block_mask)  # eager: unfused
print(textwrap.fill(str(caught[0].message).splitlines()[0], 80))
# > flex_attention called without torch.compile() - this will use an unfused
# > implementation that materializes the full scores matrix instead of generating a
# > fused kernel.
print(
    torch.allclose(
        out, F.scaled_dot_product_attention(q, k, v, attn_mask=dense), atol=1e-6
    )
)
# > True


# a score_mod edits each score: here an ALiBi-style distance penalty
def alibi(score, b, h, q_idx, kv_idx):
    return score - 0.5 * (h + 1) * (q_idx - kv_idx).abs()


bias = (
    -0.5 * torch.arange(1, 3)[:, None, None] * (i[:, None] - i).abs()
)  # (heads, L, L)
print(
    torch.allclose(
        flex_attention(q, k, v, score_mod=alibi),
        F.scaled_dot_product_attention(q, k, v, attn_mask=bias),
        atol=1e-5,
    )
)
# > True

try:  # on CPU FlexAttention is forward only, eager or compiled
    flex_attention(q.requires_grad_(), k, v, block_mask=block_mask)
except NotImplementedError as e:
    print(textwrap.fill(str(e), 80))
    # > FlexAttention does not support backward on CPU. Please set the input
    # > requires_grad to False or use another device.
