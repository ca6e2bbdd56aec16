import math

import torch

# Llama 3 8B's shape (Llama 3 paper, Table 3): 32 layers, d = 4096, 8 KV heads of
# dim 128, RoPE base 500,000; pre-trained on 8K-token sequences, then extended to 128K
L, d, kv_heads, head_dim, N = 32, 4096, 8, 128, 8e9
kv_per_token = 2 * L * kv_heads * head_dim * 2  # K and V, bf16
for T in (8192, 32768, 131072):
    linear = 2 * N * T  # the weight matmuls: 2 FLOPs per parameter per token
    attention = 2 * L * d * T * T  # QK^T and PV over the causal half: 2·L·d·T²
    share = attention / (linear + attention)
    print(
        f"{T:6d} tokens: KV cache {T * kv_per_token / 2**30:2.0f} GiB,"
        f" prefill {linear + attention:.1e} FLOPs, {share:.0%} attention"
    )
    # >   8192 tokens: KV cache  1 GiB, prefill 1.5e+14 FLOPs, 12% attention
    # >  32768 tokens: KV cache  4 GiB, prefill 8.1e+14 FLOPs, 35% attention
    # > 131072 tokens: KV cache 16 GiB, prefill 6.6e+15 FLOPs, 68% attention

# A small window truncates: prompt and answer share the 8192 positions. A chat of
# 20 turns of 700 tokens keeps its 400-token system prompt and the newest turns.
window, max_new, system, turns = 8192, 1024, 400, [700] * 20
budget, kept = window - max_new - system, 0
while kept < len(turns) and sum(turns[-(kept + 1) :]) <= budget:
    kept += 1
print(f"room for the last {kept} of {len(turns)} turns; the first {20 - kept} are gone")
# > room for the last 9 of 20 turns; the first 11 are gone

# RoPE: pair i of a head rotates by position * base^(-2i/128). A pair whose
# wavelength is longer than the training length never made a full turn in training,
# so positions past it reach angles the model never saw.
inv_freq = 500000.0 ** (-torch.arange(0, head_dim, 2) / head_dim)
wavelength = 2 * math.pi / inv_freq
print((wavelength > 8192).sum().item(), "of", head_dim // 2, "pairs longer than 8K")
# > 29 of 64 pairs longer than 8K

# Position interpolation (Chen et al. 2023): divide positions by s = 128K / 8K, so
# position 131071 gets the angles of 8191.9, all inside the trained range ...
s = 131072 / 8192
angle = 131071 * inv_freq[-1]
print(
    f"slowest pair at 131071: {angle:.3f} rad, trained up to {8191 * inv_freq[-1]:.3f},"
    f" interpolated {angle / s:.3f}"
)
# > slowest pair at 131071: 0.322 rad, trained up to 0.020, interpolated 0.020
# ... but neighbouring tokens are now s times closer in every pair: the fastest
# pair turned 1 rad per token in training, 1/16 rad after interpolation.
print(
    f"fastest pair per token: {inv_freq[0]:.4f} rad, interpolated {inv_freq[0] / s:.4f}"
)
# > fastest pair per token: 1.0000 rad, interpolated 0.0625
# YaRN ("NTK-by-parts"): interpolate only the slow pairs, keep the fast ones as
# trained, blend in between (Peng et al. 2023, section 3.2: alpha=1, beta=32)
turns = 8192 / wavelength  # full rotations during training
slow, fast = (turns < 1).sum().item(), (turns > 32).sum().item()
print(f"interpolated {slow}, untouched {fast}, blended {head_dim // 2 - slow - fast}")
# > interpolated 29, untouched 19, blended 16
# Llama 3.1's own apply_scaling (meta-llama/llama-models): the same by-parts idea with
# factor 8, keeping pairs with wavelength under 2048, dividing those over 8192 by 8
smooth = ((turns - 1) / (4 - 1)).clamp(0, 1)  # 0 for the slow pairs, 1 for the fast
scaled = (1 - smooth) * inv_freq / 8 + smooth * inv_freq
kept, divided = (scaled == inv_freq).sum().item(), (scaled == inv_freq / 8).sum().item()
print(f"Llama 3.1: kept {kept}, divided by 8 {divided}, blended {64 - kept - divided}")
# > Llama 3.1: kept 29, divided by 8 29, blended 6
print(f"slowest pair at 131071 after it: {131071 * scaled[-1]:.3f} rad")
# > slowest pair at 131071 after it: 0.040 rad

# Sliding-window attention keeps only the last W tokens' keys and values
W = 4096  # Mistral 7B's window (Jiang et al. 2023)
print(
    f"cache at 32K tokens: full {32768 * kv_per_token / 2**30:.0f} GiB,"
    f" window {W * kv_per_token / 2**30:.1f} GiB"
)
# > cache at 32K tokens: full 4 GiB, window 0.5 GiB
