import torch

# "highest": fp32 matmuls use full fp32 internally
print(torch.get_float32_matmul_precision())
# > highest
# matmul: off; cuDNN convs: on
print(torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32)
# > False True

torch.set_float32_matmul_precision("high")  # allow TF32 (or bf16x3) inside fp32 matmuls
print(torch.backends.cuda.matmul.allow_tf32, torch.backends.cuda.matmul.fp32_precision)
# > True tf32
a, b = torch.randn(4, 4), torch.randn(4, 4)
print((a @ b).dtype)  # inputs and output stay float32: only the internal math changes
# > torch.float32
torch.set_float32_matmul_precision("highest")

torch.backends.cuda.matmul.fp32_precision = "tf32"  # the newer per-backend API...
try:
    torch.get_float32_matmul_precision()  # ...mixed with a legacy getter
except RuntimeError as e:
    print(str(e).split(",")[0])
    # > PyTorch is checking the matmul precision without a specific backend name

torch.set_float32_matmul_precision("highest")  # resets every backend consistently
print(torch.get_float32_matmul_precision(), torch.backends.cuda.matmul.fp32_precision)
# > highest ieee
