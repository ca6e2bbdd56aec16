import textwrap

import torch
import torch.nn.functional as F
from torch.profiler import profile

torch.manual_seed(0)
# KV cache of one 4096-token sequence in bf16: 32 layers, 32 query heads of dim 128
layers, tokens, head_dim = 32, 4096, 128
for name, kv_heads in [("MHA", 32), ("GQA", 8), ("MQA", 1)]:
    k = torch.empty(1, kv_heads, tokens, head_dim, dtype=torch.bfloat16, device="meta")
    cache = 2 * layers * k.nbytes  # a K and a V tensor in every layer
    print(f"{name}: {kv_heads:2d} KV heads, {cache / 2**20:4.0f} MiB")
    # > MHA: 32 KV heads, 2048 MiB
    # > GQA:  8 KV heads,  512 MiB
    # > MQA:  1 KV heads,   64 MiB

# GQA: 8 query heads share 2 KV heads, query head h reads KV head h // 4
q = torch.randn(1, 8, 5, 16)
k, v = torch.randn(1, 2, 5, 16), torch.randn(1, 2, 5, 16)
out = F.scaled_dot_product_attention(q, k, v, enable_gqa=True)
groups = [t.repeat_interleave(4, dim=1) for t in (k, v)]  # heads 0,0,0,0,1,1,1,1
tiled = [t.repeat(1, 4, 1, 1) for t in (k, v)]  # heads 0,1,0,1,...: the wrong grouping
print(torch.allclose(out, F.scaled_dot_product_attention(q, *groups), atol=1e-6))
# > True
print(torch.allclose(out, F.scaled_dot_product_attention(q, *tiled), atol=1e-6))
# > False

try:
    F.scaled_dot_product_attention(q, k, v)  # forgot enable_gqa=True
except RuntimeError as e:
    print(textwrap.fill(str(e), 80))
    # > The size of tensor a (8) must match the size of tensor b (2) at non-singleton
    # > dimension 1

# one KV head broadcasts against any number of query heads: the same numbers without
# the flag, but not the same kernel
k1, v1 = k[:, :1], v[:, :1]
print(
    torch.allclose(
        F.scaled_dot_product_attention(q, k1, v1),
        F.scaled_dot_product_attention(q, k1, v1, enable_gqa=True),
        atol=1e-6,
    )
)
# > True
for enable_gqa in (False, True):
    with profile() as prof:
        F.scaled_dot_product_attention(q, k1, v1, enable_gqa=enable_gqa)
    names = [e.name for e in prof.events() if e.name.startswith("aten::_scaled_dot")]
    print(enable_gqa, names[0].removeprefix("aten::_scaled_dot_product_"))
    # > False attention_math
    # > True flash_attention_for_cpu
