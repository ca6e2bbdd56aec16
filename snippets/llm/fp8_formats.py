import torch

torch.manual_seed(0)
for dt in (torch.float8_e4m3fn, torch.float8_e5m2, torch.bfloat16):
    f = torch.finfo(dt)
    print(dt, f.max, f.smallest_normal, f.eps)
    # > torch.float8_e4m3fn 448.0 0.015625 0.125
    # > torch.float8_e5m2 57344.0 6.103515625e-05 0.25
    # > torch.bfloat16 3.3895313892515355e+38 1.1754943508222875e-38 0.0078125

# Out of range: e4m3fn has no inf and saturates to 448; e5m2 overflows to inf
big = torch.tensor([500.0, 1e5])
print(big.to(torch.float8_e4m3fn).float(), big.to(torch.float8_e5m2).float())
# > tensor([448., 448.]) tensor([512.,  inf])


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
