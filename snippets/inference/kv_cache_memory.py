import torch
import torch.nn.functional as F

torch.manual_seed(0)
GiB = 2**30
layers, head_dim, batch, T = 32, 128, 16, 8192  # 16 sequences of 8192 tokens


def cache_bytes(kv_heads, tokens=T, seqs=batch, bytes_per_element=2.0):
    return 2 * layers * kv_heads * head_dim * tokens * seqs * bytes_per_element


print(f"MHA, 32 KV heads, bf16: {cache_bytes(32) / GiB:.0f} GiB")  # Llama 2 7B's shape
# > MHA, 32 KV heads, bf16: 64 GiB
print(f"GQA, 8 KV heads:        {cache_bytes(8) / GiB:.0f} GiB")  # Llama 3 8B's shape
# > GQA, 8 KV heads:        16 GiB
print(f"MQA, 1 KV head:         {cache_bytes(1) / GiB:.0f} GiB")
# > MQA, 1 KV head:         2 GiB
int8 = cache_bytes(8, bytes_per_element=1 + 2 / 128)  # + a bf16 scale per 128 values
print(f"GQA + int8 cache:       {int8 / GiB:.1f} GiB")
# > GQA + int8 cache:       8.1 GiB
print(f"GQA + window of 4096:   {cache_bytes(8, tokens=4096) / GiB:.0f} GiB")
# > GQA + window of 4096:   8 GiB


# What 8 bits cost, on a decoding query's attention output over random normal K and
# V: int8 with one scale per (token, head) row or per tensor; fp8 (E4M3) with one
# scale of 1.0 (vLLM's uncalibrated default) or per row; against the bf16 cache
def int8(x, dim=-1):  # x: (..., tokens, head_dim); one scale per slice along dim
    scale = x.abs().amax(dim, keepdim=True) / 127
    return (x / scale).round().clamp(-127, 127) * scale


def fp8_per_row(x):
    scale = x.abs().amax(-1, keepdim=True) / 448  # E4M3's largest finite value
    return (x / scale).to(torch.float8_e4m3fn).float() * scale


q = torch.randn(1, 8, 1, head_dim)  # one decoding query per KV head
k, v = torch.randn(2, 1, 8, 4096, head_dim)
exact = F.scaled_dot_product_attention(q, k, v)
for name, rt in [
    ("bf16", lambda x: x.bfloat16().float()),
    ("int8 per row", int8),
    ("int8 per tensor", lambda x: int8(x, dim=(-3, -2, -1))),
    ("fp8 scale 1.0", lambda x: x.to(torch.float8_e4m3fn).float()),
    ("fp8 per row", fp8_per_row),
]:
    out = F.scaled_dot_product_attention(q, rt(k), rt(v))
    print(f"{name:15s} relative error {((out - exact).norm() / exact.norm()):.4f}")
    # > bf16            relative error 0.0025
    # > int8 per row    relative error 0.0093
    # > int8 per tensor relative error 0.0163
    # > fp8 scale 1.0   relative error 0.0389
    # > fp8 per row     relative error 0.0380

# Keys with a few large channels (made up: 4 of 128 scaled by 20, the pattern KIVI
# reports): a per-token scale is set by the outliers; a per-channel one is not
k_out = k * torch.where(torch.arange(head_dim) < 4, 20.0, 1.0)
exact = F.scaled_dot_product_attention(q, k_out, v)
for name, dim in [("per token", -1), ("per channel", -2)]:
    out = F.scaled_dot_product_attention(q, int8(k_out, dim), int8(v))
    print(f"int8 keys {name}: {((out - exact).norm() / exact.norm()):.4f}")
    # > int8 keys per token: 0.1115
    # > int8 keys per channel: 0.0330

# Paging: a region of the maximum length reserved per request, or 16-token pages
lengths = torch.randint(200, 3000, (batch,))  # the lengths the requests reach
used = cache_bytes(8, tokens=lengths.sum().item(), seqs=1)
paged = cache_bytes(8, tokens=((lengths + 15) // 16 * 16).sum().item(), seqs=1)
print(
    f"16 requests: used {used / GiB:.2f} GiB, in pages {paged / GiB:.2f} GiB,"
    f" reserved at 8192 each {cache_bytes(8) / GiB:.0f} GiB"
)
# > 16 requests: used 3.07 GiB, in pages 3.09 GiB, reserved at 8192 each 16 GiB

# Offloading to CPU memory: decode reads the whole cache every step
one_sequence = cache_bytes(8, seqs=1)  # 1 GiB
for link, bytes_per_s in (("HBM3, 3.35 TB/s", 3.35e12), ("PCIe 5 x16, 64 GB/s", 64e9)):
    ms = one_sequence / bytes_per_s * 1e3
    print(f"{link}: {ms:.2f} ms to read one sequence's cache")
    # > HBM3, 3.35 TB/s: 0.32 ms to read one sequence's cache
    # > PCIe 5 x16, 64 GB/s: 16.78 ms to read one sequence's cache
