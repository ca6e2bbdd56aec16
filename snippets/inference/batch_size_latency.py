d, ffn, ctx = 4096, 11008, 2048  # a Llama-2-7B-like layer (32 heads, no GQA), bf16
params = 4 * d * d + 3 * d * ffn  # q, k, v, o projections and the gated MLP
ridge = 989e12 / 3.35e12  # H100 SXM dense bf16 FLOP/s over HBM bytes/s
print(params, round(ridge))  # FLOPs per byte needed to be compute-bound
# > 202375168 295

for batch in (1, 8, 32, 64, 128, 256):
    flops_w = 2 * batch * params  # one multiply-add per weight per sequence
    bytes_w = 2 * params  # the weights, read once per step whatever the batch
    flops_kv = 4 * batch * ctx * d  # q @ K^T and p @ V over the cached context
    bytes_kv = 2 * 2 * batch * ctx * d  # each sequence reads its own K and V
    weights_only = flops_w // bytes_w
    with_cache = (flops_w + flops_kv) / (bytes_w + bytes_kv)
    step_bytes = (bytes_w + bytes_kv) / (2 * params + 2 * 2 * ctx * d)  # vs batch 1
    print(batch, weights_only, round(with_cache, 1), round(step_bytes, 1))
    # > 1 1 1.0 1.0
    # > 8 8 5.2 1.5
    # > 32 32 9.5 3.4
    # > 64 64 11.0 5.8
    # > 128 128 11.9 10.7
    # > 256 256 12.5 20.5
# the bound as batch grows without limit: one sequence's FLOPs over its own KV bytes
print(round((2 * params + 4 * ctx * d) / (2 * 2 * ctx * d), 1))
# > 13.1
