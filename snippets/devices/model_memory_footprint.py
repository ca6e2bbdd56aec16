import io

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(
    nn.Embedding(1000, 256), nn.Linear(256, 1024), nn.Linear(1024, 256)
)
n = sum(p.numel() for p in model.parameters())
print(f"{n:,} parameters")
# > 781,568 parameters


def saved_bytes(state_dict):
    buffer = io.BytesIO()
    torch.save(state_dict, buffer)
    return buffer.getbuffer().nbytes


# on disk: bytes per parameter = the dtype's element size, plus a little metadata
fp32 = saved_bytes(model.state_dict())
bf16 = saved_bytes({k: v.bfloat16() for k, v in model.state_dict().items()})
int8 = {}  # weight-only int8: one byte a weight, one float32 scale per output row
for k, v in model.state_dict().items():
    scale = v.abs().amax(dim=-1, keepdim=True) / 127
    int8[k] = (v / scale).round().clamp(-127, 127).to(torch.int8)
    int8[k + ".scale"] = scale
scale_bytes = sum(v.nbytes for k, v in int8.items() if k.endswith(".scale"))
print(round(scale_bytes / n, 3), "bytes per parameter of int8 scales")
# > 0.012 bytes per parameter of int8 scales
int8 = saved_bytes(int8)
for name, size in (("fp32", fp32), ("bf16", bf16), ("int8", int8)):
    print(name, round(size / n, 3), "bytes per parameter")
    # > fp32 4.003 bytes per parameter
    # > bf16 2.003 bytes per parameter
    # > int8 1.016 bytes per parameter

# the same arithmetic for LLM weights, in GB (1e9 bytes)
for billions in (7, 70):
    sizes = {d: billions * b for d, b in (("fp32", 4), ("bf16", 2), ("int8", 1))}
    print(billions, sizes, "int4:", billions * 0.5)
    # > 7 {'fp32': 28, 'bf16': 14, 'int8': 7} int4: 3.5
    # > 70 {'fp32': 280, 'bf16': 140, 'int8': 70} int4: 35.0

# what grows during inference: the KV cache, 2 tensors per layer, per token
layers, kv_heads, head_dim, bf16_bytes = 32, 8, 128, 2  # Llama 3 8B's shapes
per_token = 2 * layers * kv_heads * head_dim * bf16_bytes
print(per_token // 1024, "KiB per token")
# > 128 KiB per token
for batch, tokens in ((1, 8192), (32, 8192)):
    print(batch, tokens, round(batch * tokens * per_token / 2**30, 1), "GiB")
    # > 1 8192 1.0 GiB
    # > 32 8192 32.0 GiB
