import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.attention.bias import causal_lower_right

torch.manual_seed(0)
LAYERS, D, Q_HEADS, KV_HEADS, HEAD_DIM = 2, 32, 4, 2, 8


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(D, Q_HEADS * HEAD_DIM, bias=False)
        self.kv = nn.Linear(D, 2 * KV_HEADS * HEAD_DIM, bias=False)
        self.o = nn.Linear(Q_HEADS * HEAD_DIM, D, bias=False)

    def forward(self, x, cache):
        B, T, _ = x.shape
        q = self.q(x).view(B, T, Q_HEADS, HEAD_DIM).transpose(1, 2)
        k, v = self.kv(x).view(B, T, 2, KV_HEADS, HEAD_DIM).permute(2, 0, 3, 1, 4)
        if cache:  # the keys and values of every earlier token
            k, v = torch.cat([cache[0], k], dim=2), torch.cat([cache[1], v], dim=2)
        mask = causal_lower_right(T, k.shape[2])
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)
        return self.o(out.transpose(1, 2).reshape(B, T, -1)), (k, v)


def forward(blocks, x, caches):
    new_caches = []
    for block, cache in zip(blocks, caches, strict=True):
        h, kv = block(x, cache)
        x = x + h
        new_caches.append(kv)
    return x, new_caches


blocks = nn.ModuleList(Attention() for _ in range(LAYERS))
x = torch.randn(1, 8, D)  # 8 tokens' embeddings
with torch.no_grad():
    full, _ = forward(blocks, x, [None] * LAYERS)  # no cache: all 8 at once
    out, caches = forward(blocks, x[:, :5], [None] * LAYERS)  # prefill 5 tokens
    steps = [out]
    for t in range(5, 8):  # decode: one token per step, reading the cache
        out, caches = forward(blocks, x[:, t : t + 1], caches)
        steps.append(out)
print(torch.allclose(torch.cat(steps, dim=1), full, atol=1e-6))
# > True

k, v = caches[0]
print(tuple(k.shape))  # (batch, KV heads, tokens so far, head dim), per layer, K and V
# > (1, 2, 8, 8)
cache_bytes = sum(t.nbytes for kv in caches for t in kv)
print(cache_bytes // 8, 2 * LAYERS * KV_HEADS * HEAD_DIM * k.element_size())
# > 256 256

# Llama 3 8B: 32 layers, 8 KV heads of dim 128, in bf16
per_token = 2 * 32 * 8 * 128 * 2
print(per_token, "bytes per token")
# > 131072 bytes per token
print(per_token * 8192 / 2**30, "GiB for one 8192-token sequence")
# > 1.0 GiB for one 8192-token sequence
print(f"16 such sequences: {16 * per_token * 8192 / 2**30:.0f} GiB of cache")
# > 16 such sequences: 16 GiB of cache
print(f"the weights: {8e9 * 2 / 2**30:.0f} GiB (about 8e9 parameters in bf16)")
# > the weights: 15 GiB (about 8e9 parameters in bf16)
