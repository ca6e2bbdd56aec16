import torch

torch.manual_seed(0)
# 1. Attention split by heads over tp = 2 ranks (simulated in one process): each
# rank keeps only its KV heads' cache, and attention needs no communication;
# the output projection's partial sums need one all-reduce.
d, heads, kv_heads, tp, past = 16, 4, 2, 2, 5
hd = d // heads
Wq, Wk, Wv, Wo = (torch.randn(n, d) for n in (d, kv_heads * hd, kv_heads * hd, d))
x = torch.randn(1, d)  # the new token (batch 1)
K = torch.randn(kv_heads, past, hd)  # the KV cache of the earlier tokens
V = torch.randn(kv_heads, past, hd)


def attend(x, Wq, Wk, Wv, K, V, n_heads, n_kv):
    q = (x @ Wq.T).view(n_heads, 1, hd)
    K = torch.cat([K, (x @ Wk.T).view(n_kv, 1, hd)], 1)  # append the new token
    V = torch.cat([V, (x @ Wv.T).view(n_kv, 1, hd)], 1)
    rep = n_heads // n_kv  # grouped-query attention: query heads per KV head
    K, V = K.repeat_interleave(rep, 0), V.repeat_interleave(rep, 0)
    w = torch.softmax(q @ K.transpose(1, 2) / hd**0.5, -1)
    return (w @ V).reshape(1, n_heads * hd)


full = attend(x, Wq, Wk, Wv, K, V, heads, kv_heads) @ Wo.T
partials = []
for r in range(tp):  # rank r: query heads 2r..2r+1, KV head r
    q_rows = slice(r * d // tp, (r + 1) * d // tp)
    kv_rows = slice(r * hd, (r + 1) * hd)
    out = attend(
        x, Wq[q_rows], Wk[kv_rows], Wv[kv_rows], K[r : r + 1], V[r : r + 1], 2, 1
    )
    partials.append(out @ Wo[:, q_rows].T)  # Wo split by input features
print(torch.allclose(sum(partials), full, atol=1e-5))  # the all-reduce: a sum
# > True

# 2. The arithmetic for a Llama-2-70B-shaped model in bf16, decoding at batch 1
layers, hidden, n_kv, head_dim, params = 80, 8192, 8, 128, 70e9
weights = params * 2
print(f"weights {weights / 1e9:.0f} GB: more than one 80 GB GPU holds")
# > weights 140 GB: more than one 80 GB GPU holds
for name, nbytes in (("fp8", 1), ("int4", 0.5)):  # or quantize them first
    print(f"in {name}: {params * nbytes / 1e9:.0f} GB, plus the scales")
    # > in fp8: 70 GB, plus the scales
    # > in int4: 35 GB, plus the scales
msg = 1 * hidden * 2  # one token's activation, summed twice per layer
print(f"per token: {2 * layers} all-reduces of {msg // 1024} KiB each")
# > per token: 160 all-reduces of 16 KiB each
# their bytes over NVLink (450 GB/s each way), ring all-reduce on tp = 8: 2(n-1)/n x
print(f"their transfer time: {2 * layers * (2 * 7 / 8) * msg / 450e9 * 1e6:.0f} us")
# > their transfer time: 10 us
HBM, LATENCY = 3.35e12, 5e-6  # H100 bytes/s; an assumed 5 us per small all-reduce
print("tp  read weights  all-reduce latency  vs reads")
# > tp  read weights  all-reduce latency  vs reads
for n in (2, 4, 8):
    read = weights / n / HBM  # decode is memory-bound: every weight read per token
    talk = 2 * layers * LATENCY  # the same at every tp: it does not shrink
    print(f"{n:>2} {read * 1e3:>10.1f} ms {talk * 1e3:>15.1f} ms {talk / read:>9.0%}")
    # >  2       20.9 ms             0.8 ms        4%
    # >  4       10.4 ms             0.8 ms        8%
    # >  8        5.2 ms             0.8 ms       15%
# bytes matter when many tokens go at once: a 4096-token prefill on tp = 8, ring
# all-reduce moving 2(n-1)/n x the message per GPU
wire = 2 * layers * (2 * 7 / 8) * 4096 * msg
compute = 2 * params * 4096 / 8 / 989e12  # 2 FLOPs per parameter per token, bf16 peak
print(f"prefill compute per GPU at peak: {compute * 1e3:.0f} ms")
# > prefill compute per GPU at peak: 72 ms
for link, bandwidth in (("NVLink, 450 GB/s", 450e9), ("400 Gb/s network", 50e9)):
    print(f"prefill over {link}: {wire / bandwidth * 1e3:.0f} ms of transfers")
    # > prefill over NVLink, 450 GB/s: 42 ms of transfers
    # > prefill over 400 Gb/s network: 376 ms of transfers

# KV cache: 2 (K, V) x layers x kv heads x head_dim x 2 bytes per token
per_token = 2 * layers * n_kv * head_dim * 2
cache = per_token * 4096 * 32  # 4096-token contexts, 32 sequences
print(f"KV cache {per_token // 1024} KiB/token, {cache / 2**30:.0f} GiB at 32 x 4096")
# > KV cache 320 KiB/token, 40 GiB at 32 x 4096
for name, nbytes in (("fp8", 1), ("int4", 0.5)):  # quantized, on one 80 GB GPU
    left = 80e9 - params * nbytes  # before the scales and activations
    print(f"{name}: {left / 1e9:.0f} GB left, {left / per_token:,.0f} tokens of KV")
    # > fp8: 10 GB left, 30,518 tokens of KV
    # > int4: 45 GB left, 137,329 tokens of KV
for n in (8, 16):  # a rank needs at least one whole KV head: past 8, heads repeat
    per_rank = max(n_kv // n, 1)
    print(f"tp {n}: {per_rank} KV head per rank, {n * per_rank / n_kv:.0f}x the cache")
    # > tp 8: 1 KV head per rank, 1x the cache
    # > tp 16: 1 KV head per rank, 2x the cache

# 3. Pipeline stages at batch 1: one stage works while the others wait
for stages in (2, 4, 8):
    print(f"{stages} stages, 1 request: each GPU busy {1 / stages:.1%} of the time")
    # > 2 stages, 1 request: each GPU busy 50.0% of the time
    # > 4 stages, 1 request: each GPU busy 25.0% of the time
    # > 8 stages, 1 request: each GPU busy 12.5% of the time

# 4. Every TP rank must pick the same next token: sampling with per-rank seeds
probs = torch.softmax(torch.randn(1000), 0)
picks = [
    torch.multinomial(probs, 1, generator=torch.Generator().manual_seed(r)).item()
    for r in range(2)
]
print(picks[0] == picks[1])  # ranks now decode different sequences
# > False
