import torch

# "highest": fp32 matmuls use full fp32 internally
print(torch.get_float32_matmul_precision())
# > highest
# matmul: off; cuDNN convs: on
print(torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32)
# > False True

# what each setting asks of each backend: CUDA (cuBLAS) and oneDNN (CPU)
for precision in ["highest", "high", "medium"]:
    torch.set_float32_matmul_precision(precision)
    cuda = torch.backends.cuda.matmul.fp32_precision
    allow_tf32 = torch.backends.cuda.matmul.allow_tf32
    onednn = torch.backends.mkldnn.matmul.fp32_precision
    print(f"{precision:8} cuda={cuda} allow_tf32={allow_tf32!s:5} onednn={onednn}")
    # > highest  cuda=ieee allow_tf32=False onednn=ieee
    # > high     cuda=tf32 allow_tf32=True  onednn=tf32
    # > medium   cuda=tf32 allow_tf32=True  onednn=bf16
torch.manual_seed(0)
a, b = torch.randn(4, 4), torch.randn(4, 4)
print((a @ b).dtype)  # the output dtype stays float32 (the math: tf32_cuda.py)
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
