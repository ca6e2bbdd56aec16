import torch
import torch.nn.functional as F

torch.manual_seed(0)
H, D, B = 2, 16, 4  # heads, head size, tokens per page (block)
n = 10  # tokens this request has cached
k_seq, v_seq = torch.randn(H, n, D), torch.randn(H, n, D)  # the contiguous cache

# PagedAttention's layout: a pool of pages, and a block table per request
pool_k, pool_v = torch.zeros(8, H, B, D), torch.zeros(8, H, B, D)
block_table = torch.tensor([5, 2, 7])  # logical page i lives in physical page 5, 2, 7
for t in range(n):
    page, slot = block_table[t // B], t % B
    pool_k[page, :, slot], pool_v[page, :, slot] = k_seq[:, t], v_seq[:, t]

# 1. gathering the pages in block-table order gives back the contiguous cache
k_gather = pool_k[block_table].permute(1, 0, 2, 3).reshape(H, -1, D)[:, :n]
print("gather == contiguous:", torch.equal(k_gather, k_seq))
# > gather == contiguous: True

# 2. a FlashAttention-style kernel over the pages: one page at a time, online softmax,
#    no n-long score row and no gathered copy of the cache
q = torch.randn(H, 1, D)  # one decoding token
m = torch.full((H, 1, 1), float("-inf"))  # running max
denom, acc = torch.zeros(H, 1, 1), torch.zeros(H, 1, D)  # running sum, running output
for i, page in enumerate(block_table.tolist()):
    valid = min(B, n - i * B)  # the last page is partly filled
    k, v = pool_k[page, :, :valid], pool_v[page, :, :valid]
    s = q @ k.transpose(-1, -2) / D**0.5
    m_new = torch.maximum(m, s.amax(-1, keepdim=True))
    p = torch.exp(s - m_new)
    scale = torch.exp(m - m_new)
    denom = denom * scale + p.sum(-1, keepdim=True)
    acc = acc * scale + p @ v
    m = m_new
paged_flash = acc / denom
reference = F.scaled_dot_product_attention(q, k_seq, v_seq)
print(
    "paged + tiled == SDPA on the contiguous cache:",
    torch.allclose(paged_flash, reference, atol=1e-6),
)
# > paged + tiled == SDPA on the contiguous cache: True
