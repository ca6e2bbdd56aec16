import torch
from torch import nn
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)
d_in, d_out = 512, 256
u, _ = torch.linalg.qr(torch.randn(d_out, d_out, dtype=torch.float64))
v, _ = torch.linalg.qr(torch.randn(d_in, d_out, dtype=torch.float64))
sv = torch.exp(-torch.arange(d_out, dtype=torch.float64) / 30)  # decaying spectrum
w = u @ torch.diag(sv) @ v.T  # a (256, 512) weight
x = torch.randn(64, d_in, dtype=torch.float64)


def factorize(w, r):  # W ~ (U_r S_r) (V_r^T): two Linears, r * (in + out) weights
    uu, s, vh = torch.linalg.svd(w, full_matrices=False)
    first = nn.Linear(w.shape[1], r, bias=False, dtype=w.dtype)
    second = nn.Linear(r, w.shape[0], bias=False, dtype=w.dtype)
    with torch.no_grad():
        first.weight.copy_(vh[:r])
        second.weight.copy_(uu[:, :r] * s[:r])
    return nn.Sequential(first, second), s


print("break-even rank:", d_in * d_out // (d_in + d_out))  # r (in + out) = in * out
# > break-even rank: 170
for r in (16, 64, 170, 200):
    low, s = factorize(w, r)
    with FlopCounterMode(display=False) as fc:
        low(x)
    err = torch.linalg.matrix_norm(low[1].weight @ low[0].weight - w) / w.norm()
    tail = s[r:].norm() / s.norm()  # Eckart-Young: the best rank-r error
    params = sum(p.numel() for p in low.parameters())
    print(
        f"rank {r:3}: params {params / w.numel():.2f}x, FLOPs",
        f"{fc.get_total_flops() / (2 * 64 * w.numel()):.2f}x,",
        f"weight error {err:.4f} = tail {tail:.4f}",
    )
    # > rank  16: params 0.09x, FLOPs 0.09x, weight error 0.5866 = tail 0.5866
    # > rank  64: params 0.38x, FLOPs 0.38x, weight error 0.1184 = tail 0.1184
    # > rank 170: params 1.00x, FLOPs 1.00x, weight error 0.0035 = tail 0.0035
    # > rank 200: params 1.17x, FLOPs 1.17x, weight error 0.0013 = tail 0.0013

# a random Gaussian weight has a flat spectrum: rank 64 keeps far less of it
_, s_rand = factorize(torch.randn(d_out, d_in, dtype=torch.float64), 64)
print(f"random weight, rank  64: tail {s_rand[64:].norm() / s_rand.norm():.4f}")
# > random weight, rank  64: tail 0.7022
