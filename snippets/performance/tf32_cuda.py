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
# on Ampere or newer: TF32 keeps 10 mantissa bits of each input
print(tf32_error > 10 * fp32_error)
# > True
