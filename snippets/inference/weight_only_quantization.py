import torch

torch.manual_seed(0)
OUT, IN = 512, 1024
# rows of different scales and a few large weights, as in real LLM layers
W = torch.randn(OUT, IN) * 0.02 * torch.randn(OUT, 1).exp()
W.view(-1)[torch.randperm(W.numel())[:20]] *= 20
x = torch.randn(16, IN)  # activations stay floating point
y = x @ W.T


def rel_err(y_hat):
    return f"{((y_hat - y).norm() / y.norm()).item():.4f}"


# int8, one scale per output channel (row): w ~ q * scale, q in [-127, 127]
scale = W.abs().amax(dim=1, keepdim=True) / 127
q = torch.round(W / scale).clamp(-127, 127).to(torch.int8)
y_int8 = x @ (q.float() * scale).T  # dequantize, then matmul
# the row scale factors out of each dot product: rescale the outputs instead
print(torch.allclose((x @ q.float().T) * scale.T, y_int8, rtol=1e-4, atol=1e-5))
# > True
print("int8 per-channel error", rel_err(y_int8))
# > int8 per-channel error 0.0112

# one scale for the whole tensor: the largest weight sets every row's step size
scale_t = W.abs().max() / 127
y_t = x @ (torch.round(W / scale_t).clamp(-127, 127) * scale_t).T
print("int8 per-tensor error ", rel_err(y_t))
# > int8 per-tensor error  0.1245


# int4, symmetric: q in [-7, 7] (of int4's [-8, 7]), 15 levels; per channel, and with
# one scale per group of 128 inputs
def int4(W, group):
    Wg = W.view(OUT, IN // group, group)
    s = Wg.abs().amax(dim=-1, keepdim=True) / 7
    return torch.round(Wg / s).clamp(-7, 7), s


for group in (IN, 128):
    q4, s4 = int4(W, group)
    print(f"int4 group {group:4d} error", rel_err(x @ (q4 * s4).view(OUT, IN).T))
    # > int4 group 1024 error 0.1791
    # > int4 group  128 error 0.1205

# a group's scale does not factor out of the whole dot product: each group's partial
# sum is rescaled on its own, inside the reduction over the inputs
q4, s4 = int4(W, 128)  # (OUT, 8 groups, 128), (OUT, 8 groups, 1)
partial = torch.einsum("bgi,ogi->bog", x.view(16, IN // 128, 128), q4)  # (16, OUT, 8)
y_groups = (partial * s4.squeeze(-1)).sum(-1)
print(torch.allclose(y_groups, x @ (q4 * s4).view(OUT, IN).T, rtol=1e-4, atol=1e-4))
# > True
spread = s4.amax(dim=1) / s4.amin(dim=1)  # per row: largest over smallest group scale
print("group scales differ in every row:", (spread > 1).all().item())
# > group scales differ in every row: True
print(f"median largest / smallest in a row: {spread.median().item():.2f}")
# > median largest / smallest in a row: 1.48

# memory: two int4 values per byte, plus a bf16 scale per group
nibbles = (q4.to(torch.int8) + 8).to(torch.uint8).view(OUT, IN)
packed = nibbles[:, ::2] | (nibbles[:, 1::2] << 4)
unpacked = torch.stack([packed & 15, packed >> 4], dim=-1).view(OUT, IN)
print(torch.equal(unpacked, nibbles))
# > True
for name, nbytes in [
    ("bf16", W.bfloat16().nbytes),
    ("int8 + scales", q.nbytes + scale.bfloat16().nbytes),
    ("int4 g128 + scales", packed.nbytes + s4.bfloat16().nbytes),
]:
    print(
        f"{name:18} {nbytes / 2**10:6.0f} KiB, {8 * nbytes / W.numel():.2f} bits/weight"
    )
    # > bf16                 1024 KiB, 16.00 bits/weight
    # > int8 + scales         513 KiB, 8.02 bits/weight
    # > int4 g128 + scales    264 KiB, 4.12 bits/weight

# a decode step reads the weights and the KV cache, and int8 weights leave the cache
# as it is: Llama 3 8B in bf16, 128 KiB of cache per token, 8192-token sequences
weights, cache = 8e9 * 2, 8192 * 2**17
for batch in (1, 16):
    step, step_int8 = weights + batch * cache, weights / 2 + batch * cache
    print(f"batch {batch:2d}: {1 - step_int8 / step:.0%} fewer bytes per step")
    # > batch  1: 47% fewer bytes per step
    # > batch 16: 24% fewer bytes per step
