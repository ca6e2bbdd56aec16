import torch
from torch import nn

# 8 bytes an element; on this CPU build float64 nn.LSTM runs ATen's own kernel,
# float32 runs oneDNN's (aten::mkldnn_rnn_layer in the profiler)
torch.set_default_dtype(torch.float64)
torch.manual_seed(0)
LAYERS, D, T = 2, 128, 256  # 2 layers of width 128, batch 1, 256 tokens
x = torch.randn(1, T, D)

# LSTM decoding: one step at a time, carrying only (h, c)
lstm = nn.LSTM(D, D, num_layers=LAYERS, batch_first=True)
state, steps, lstm_bytes = None, [], {}
with torch.no_grad():
    for t in range(T):
        out, state = lstm(x[:, t : t + 1], state)
        steps.append(out)
        lstm_bytes[t + 1] = sum(s.nbytes for s in state)
    full, full_state = lstm(x)  # the whole sequence in one call
    print(torch.allclose(torch.cat(steps, 1), full, atol=1e-6))
    # > True
    pairs = zip(state, full_state, strict=True)  # the final (h, c) too
    print(all(torch.allclose(a, b, atol=1e-6) for a, b in pairs))
    # > True
    # the state is the whole past: restart at step 128 without it and the output differs
    restart, _ = lstm(x[:, T // 2 :])
    print(torch.allclose(restart, full[:, T // 2 :], atol=1e-6))
    # > False
    # ...but only at first: by step 256 this untrained LSTM has forgotten the difference
    print(torch.allclose(restart[:, -1], full[:, -1], atol=1e-6))
    # > True

# Transformer decoding: every layer appends this token's K and V to its cache
qkv = [nn.Linear(D, 3 * D) for _ in range(LAYERS)]
k_cache = torch.zeros(LAYERS, T, D)
v_cache = torch.zeros(LAYERS, T, D)
kv_bytes, keys_read = {}, {}
with torch.no_grad():
    for t in range(T):
        h = x[:, t]
        for layer in range(LAYERS):
            q, k, v = qkv[layer](h).chunk(3, dim=-1)
            k_cache[layer, t], v_cache[layer, t] = k[0], v[0]
            keys = k_cache[layer, : t + 1]  # every token so far
            att = torch.softmax(q @ keys.T / D**0.5, dim=-1)
            h = h + att @ v_cache[layer, : t + 1]
        kv_bytes[t + 1] = k_cache[:, : t + 1].nbytes + v_cache[:, : t + 1].nbytes
        keys_read[t + 1] = att.shape[-1]

for n in (1, 16, 256):
    print(
        f"{n:>3} tokens: LSTM state {lstm_bytes[n]:>4} B,"
        f" KV cache {kv_bytes[n]:>7} B, keys read per step {keys_read[n]}"
    )
    # >   1 tokens: LSTM state 4096 B, KV cache    4096 B, keys read per step 1
    # >  16 tokens: LSTM state 4096 B, KV cache   65536 B, keys read per step 16
    # > 256 tokens: LSTM state 4096 B, KV cache 1048576 B, keys read per step 256

# Why Mamba-style models train in parallel: a recurrence LINEAR in h,
# h_t = a_t * h_{t-1} + b_t, gives all steps at once (here cumprod and cumsum;
# Mamba runs a parallel scan). An LSTM's gates read h_{t-1} through a sigmoid: no scan
a = torch.rand(16, 4) * 0.5 + 0.5  # decays in (0.5, 1); Mamba computes them from x
b = torch.randn(16, 4)
h, loop = torch.zeros(4), []
for t in range(16):
    h = a[t] * h + b[t]
    loop.append(h)
A = torch.cumprod(a, dim=0)
# all 16 steps at once; on long sequences A underflows to 0, so real scans never divide
scan = A * torch.cumsum(b / A, dim=0)
print(torch.allclose(torch.stack(loop), scan, atol=1e-5))
# > True
