import torch

torch.manual_seed(0)
a = torch.randn(1024, 1024, device="cuda")
b = torch.randn(1024, 1024, device="cuda")
exact = (a.double() @ b.double()).float()


def max_error(precision):
    torch.set_float32_matmul_precision(precision)
    return ((a @ b) - exact).abs().max().item()


fp32_error, tf32_error = max_error("highest"), max_error("high")
torch.set_float32_matmul_precision("highest")
# TF32 tensor cores exist from compute capability 8.0 (Ampere) on, and keep 10 of
# each input's 23 mantissa bits: the error grows more than tenfold there, and
# "high" falls back to full fp32 on older GPUs
ampere_or_newer = torch.cuda.get_device_capability()[0] >= 8
print((tf32_error > 10 * fp32_error) == ampere_or_newer)
# > True
