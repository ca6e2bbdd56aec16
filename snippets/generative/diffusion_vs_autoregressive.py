"""Autoregressive vs diffusion generation: sequential steps, FLOPs, a latency model."""

import torch
from torch import nn
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)
d = 64
block = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))
weights = sum(m.weight.numel() for m in block if isinstance(m, nn.Linear))
calls = []  # how many positions each call of the network processes
block.register_forward_pre_hook(lambda m, args: calls.append(args[0].shape[1]))


def autoregressive(n):  # one new position per call, from the one before (KV cache)
    x, out = torch.zeros(1, 1, d), []
    for _ in range(n):
        x = block(x)
        out.append(x)
    return torch.cat(out, 1)


def diffusion(n, steps):  # all n positions at every step, refined from noise
    x = torch.randn(1, n, d)
    for _ in range(steps):
        x = x - 0.1 * block(x)
    return x


for n in (16, 1024):
    for name, generate in (("AR", autoregressive), ("diffusion T=50", diffusion)):
        calls.clear()
        with FlopCounterMode(display=False) as counter, torch.no_grad():
            generate(n) if name == "AR" else generate(n, 50)
        passes = counter.get_total_flops() / (2 * weights * n)  # per output position
        print(
            f"n={n} {name}: calls {len(calls)}, positions/call {sorted(set(calls))},"
            f" passes/position {passes:.0f}"
        )
        # > n=16 AR: calls 16, positions/call [1], passes/position 1
        # > n=16 diffusion T=50: calls 50, positions/call [16], passes/position 50
        # > n=1024 AR: calls 1024, positions/call [1], passes/position 1
        # > n=1024 diffusion T=50: calls 50, positions/call [1024], passes/position 50

# A latency model, not a measurement: a forward pass reads every weight once and does
# 2 FLOPs per weight per position, and takes whichever is longer. Assumed: 1B parameters
# in bf16, and the H100 SXM datasheet's peaks (3.35 TB/s, 989 dense bf16 TFLOP/s), which
# real kernels do not reach; attention and the KV cache left out.
P, bandwidth, peak = 1e9, 3.35e12, 989e12


def step_ms(positions):
    return 1e3 * max(2 * P / bandwidth, 2 * P * positions / peak)


for n in (16, 256, 4096):  # batch 1: latency
    ar, diff50, diff4 = n * step_ms(1), 50 * step_ms(n), 4 * step_ms(n)
    print(
        f"n={n}: AR {ar:.0f} ms, diffusion {diff50:.0f} ms (50 steps), {diff4:.1f} (4)"
    )
    # > n=16: AR 10 ms, diffusion 30 ms (50 steps), 2.4 (4)
    # > n=256: AR 153 ms, diffusion 30 ms (50 steps), 2.4 (4)
    # > n=4096: AR 2445 ms, diffusion 414 ms (50 steps), 33.1 (4)
# batch 64, n=256: throughput, where diffusion's 50x FLOPs are paid
b, n = 64, 256
ar_tps = b / (step_ms(b) / 1e3)  # one token per sequence per step
diff_tps = b * n / (50 * step_ms(b * n) / 1e3)
print(f"batch {b}: AR {ar_tps:,.0f} tokens/s, diffusion {diff_tps:,.0f} (50 steps)")
# > batch 64: AR 107,200 tokens/s, diffusion 9,890 (50 steps)
