import torch
import torch.nn.functional as F
from torch.utils.flop_counter import FlopCounterMode


def intensity(a, b):
    """FLOPs per byte of a @ b, if each operand and the result cross memory once."""
    with FlopCounterMode(display=False) as counter:
        out = a @ b
    return counter.get_total_flops() / (a.nbytes + b.nbytes + out.nbytes)


def bf16(*shape):  # meta tensors: shapes and dtypes, no memory, no compute
    return torch.empty(*shape, dtype=torch.bfloat16, device="meta")


D = 4096  # a 4096 x 4096 projection, as in an 8B model
cases = {
    "prefill, 2048 tokens": (bf16(2048, D), bf16(D, D)),
    "prefill, 256 tokens": (bf16(256, D), bf16(D, D)),
    "decode, batch 1": (bf16(1, D), bf16(D, D)),
    "decode, batch 64": (bf16(64, D), bf16(D, D)),
}
for name, (a, b) in cases.items():
    print(f"{name:20} {intensity(a, b):6.1f} FLOPs per byte")
    # > prefill, 2048 tokens 1024.0 FLOPs per byte
    # > prefill, 256 tokens   227.6 FLOPs per byte
    # > decode, batch 1         1.0 FLOPs per byte
    # > decode, batch 64       62.1 FLOPs per byte


def attention_intensity(batch, kv_heads, cached=4096):
    """One decoding step's attention, 32 query heads of dim 128: FLOPs per byte."""
    q = bf16(batch, 32, 1, 128)  # one new token per sequence
    k = v = bf16(batch, kv_heads, cached, 128)  # that sequence's own KV cache
    with FlopCounterMode(display=False) as counter:
        out = F.scaled_dot_product_attention(q, k, v, enable_gqa=True)
    return counter.get_total_flops() / (q.nbytes + 2 * k.nbytes + out.nbytes)


for name, kv_heads in [("MHA", 32), ("GQA", 8)]:  # GQA: Llama 3 8B's 8 KV heads
    a, b = (attention_intensity(batch, kv_heads) for batch in (1, 64))
    print(f"decode attention, {name}: batch 1 {a:.1f}, batch 64 {b:.1f} FLOPs per byte")
    # > decode attention, MHA: batch 1 1.0, batch 64 1.0 FLOPs per byte
    # > decode attention, GQA: batch 1 4.0, batch 64 4.0 FLOPs per byte

# H100 SXM: 989 TFLOP/s dense bf16, 3.35 TB/s of HBM bandwidth
print(f"H100 ridge point: {989e12 / 3.35e12:.0f} FLOPs per byte")
# > H100 ridge point: 295 FLOPs per byte
# the shortest prompt whose projection passes the ridge, at batch 1
ridge = 989e12 / 3.35e12
T = next(t for t in range(1, D) if intensity(bf16(t, D), bf16(D, D)) >= ridge)
print(f"prefill is compute-bound from {T} prompt tokens")
# > prefill is compute-bound from 345 prompt tokens
# every forward pass reads every weight once: 8e9 params in bf16
passes = 3.35e12 / (8e9 * 2)
print(f"8B model, batch 1: at most {passes:.0f} forward passes/s")
# > 8B model, batch 1: at most 209 forward passes/s
print(f"so a time per output token of at least {1e3 / passes:.1f} ms")
# > so a time per output token of at least 4.8 ms
