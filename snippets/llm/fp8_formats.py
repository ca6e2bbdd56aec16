import torch
import torch.nn.functional as F

torch.manual_seed(0)
for dt in (torch.float8_e4m3fn, torch.float8_e5m2, torch.bfloat16):
    f = torch.finfo(dt)
    print(dt, f.max, f.smallest_normal, f.eps)
    # > torch.float8_e4m3fn 448.0 0.015625 0.125
    # > torch.float8_e5m2 57344.0 6.103515625e-05 0.25
    # > torch.bfloat16 3.3895313892515355e+38 1.1754943508222875e-38 0.0078125

# Out of range (torch 2.13, CPU): e4m3fn has no inf and saturates to 448, inf too,
# so an overflow turns silently finite; e5m2 overflows to inf. NaN stays NaN
big = torch.tensor([500.0, 1e5, float("inf"), float("nan")])
print(big.to(torch.float8_e4m3fn).float(), big.to(torch.float8_e5m2).float())
# > tensor([448., 448., 448.,  nan]) tensor([512.,  inf,  inf,  nan])


def cast_error(x, dtype, scale=1.0):
    """Relative error of x after a round trip through dtype, with a per-tensor scale"""
    y = (x * scale).to(dtype).float() / scale
    return ((y - x).norm() / x.norm()).item()


acts = torch.randn(4096) * 300  # activations of std 300: amax ~ 1100 > 448
grads = torch.randn(4096) * 1e-5  # gradients of std 1e-5: mostly below 2**-9
for name, x in (("activations", acts), ("gradients", grads)):
    for dt in (torch.float8_e4m3fn, torch.float8_e5m2):
        scale = torch.finfo(dt).max / x.abs().max()  # map amax onto the format's max
        print(name, dt, f"{cast_error(x, dt):.3f}", f"{cast_error(x, dt, scale):.3f}")
        # > activations torch.float8_e4m3fn 0.226 0.027
        # > activations torch.float8_e5m2 0.052 0.052
        # > gradients torch.float8_e4m3fn 1.000 0.026
        # > gradients torch.float8_e5m2 0.437 0.052

# FP8 matmul: the operands stay fp8; the GEMM takes their decoding scales
# (amax / 448), accumulates in fp32 and multiplies its output by scale_a * scale_b
a, b = torch.randn(16, 32), torch.randn(32, 16)
sa, sb = a.abs().max() / 448, b.abs().max() / 448
a8, b8 = (a / sa).to(torch.float8_e4m3fn), (b / sb).to(torch.float8_e4m3fn)
tw = F.ScalingType.TensorWise
b8 = b8.t().contiguous().t()  # the second operand column-major, as cuBLAS wants
out = F.scaled_mm(
    a8, b8, sa.reshape(1), tw, sb.reshape(1), tw, output_dtype=torch.float32
)
dequantized = (a8.float() * sa) @ (b8.float() * sb)
print(
    torch.allclose(out, dequantized), f"{((out - a @ b).norm() / (a @ b).norm()):.3f}"
)
# > True 0.038
