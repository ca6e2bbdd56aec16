import torch
import torch.nn.functional as F
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)
# H100 SXM: 989 TFLOP/s dense bf16, 3.35 TB/s HBM3 (NVIDIA's specifications)
PEAK, BW = 989e12, 3.35e12
print(f"ridge point: {PEAK / BW:.0f} FLOPs per byte")
# > ridge point: 295 FLOPs per byte

# decode attention of a Llama-3-8B-shaped layer: 32 query heads of 128, one new token
Hq, D, n, layers = 32, 128, 8192, 32
q = torch.empty(1, Hq, 1, D, device="meta", dtype=torch.bfloat16)
kv = torch.empty(1, Hq, n, D, device="meta", dtype=torch.bfloat16)
with FlopCounterMode(display=False) as fc:
    F.scaled_dot_product_attention(q, kv, kv)
flops = fc.get_total_flops()  # 4 * n * D * Hq: Q K^T and P V
print("FLOPs per layer:", flops, flops == 4 * n * D * Hq)
# > FLOPs per layer: 134217728 True

for name, kv_heads, kv_bytes in [
    ("MHA, bf16 cache", 32, 2.0),
    ("GQA 8, bf16 cache", 8, 2.0),
    ("GQA 8, int8 cache", 8, 1.0),
    ("GQA 8, int4 cache", 8, 0.5),
]:
    bytes_read = 2 * n * D * kv_heads * kv_bytes  # K and V, per layer
    t_mem, t_math = layers * bytes_read / BW, layers * flops / PEAK
    print(
        f"{name:18s} {flops / bytes_read:4.0f} FLOP/B, memory {t_mem * 1e6:5.0f} us,"
        f" math {t_math * 1e6:3.1f} us per token"
    )
    # > MHA, bf16 cache       1 FLOP/B, memory  1282 us, math 4.3 us per token
    # > GQA 8, bf16 cache     4 FLOP/B, memory   321 us, math 4.3 us per token
    # > GQA 8, int8 cache     8 FLOP/B, memory   160 us, math 4.3 us per token
    # > GQA 8, int4 cache    16 FLOP/B, memory    80 us, math 4.3 us per token

# an unfused kernel also writes and re-reads the scores and the probabilities
for score_bytes, name in ((4, "fp32"), (2, "bf16")):
    scores = 4 * Hq * n * score_bytes  # write S, read S, write P, read P
    extra = scores / (2 * n * D * 8 * 2)  # over the GQA 8 bf16 cache
    print(f"unfused extra traffic, GQA 8 bf16 cache, {name} scores: {extra:.2%}")
# > unfused extra traffic, GQA 8 bf16 cache, fp32 scores: 12.50%
# > unfused extra traffic, GQA 8 bf16 cache, bf16 scores: 6.25%

# split-KV (Flash-Decoding): chunks in parallel, merged by their log-sum-exp
qf, k, v = torch.randn(Hq, 1, D), torch.randn(Hq, 512, D), torch.randn(Hq, 512, D)
outs, lses = [], []
for kc, vc in zip(k.split(128, 1), v.split(128, 1), strict=True):
    s = qf @ kc.transpose(1, 2) / D**0.5
    lses.append(s.logsumexp(-1, keepdim=True))
    outs.append(s.softmax(-1) @ vc)
w = torch.cat(lses, -1).softmax(-1)  # each chunk's share of the total mass
merged = sum(w[..., i : i + 1] * o for i, o in enumerate(outs))
ref = F.scaled_dot_product_attention(qf, k, v)
print("4 chunks merged == one pass:", torch.allclose(merged, ref, atol=1e-5))
# > 4 chunks merged == one pass: True

# int8 cache: a scale per token and head, dequantized inside the kernel
scale = k.abs().amax(-1, keepdim=True) / 127
k8 = (k / scale).round().clamp(-127, 127).to(torch.int8)
vs = v.abs().amax(-1, keepdim=True) / 127
v8 = (v / vs).round().clamp(-127, 127).to(torch.int8)
out8 = F.scaled_dot_product_attention(qf, k8 * scale, v8 * vs)
err = (out8 - ref).abs().max() / ref.abs().max()
print(f"int8 KV: max error {err:.4f} of the output's range")
# > int8 KV: max error 0.0109 of the output's range
