import torch

torch.manual_seed(0)
x = torch.randn(8, 8, device="cuda")
w = torch.randn(8, 8, device="cuda")

with torch.autocast(device_type="cuda", dtype=torch.float16):
    h = x @ w
    # CUDA's fp32 list has softmax and sum (AT_FORALL_FP32_SET_OPT_DTYPE in
    # aten/src/ATen/autocast_mode.h): they run, and return, in float32
    print(h.dtype, torch.softmax(h, dim=-1).dtype, h.sum().dtype)
    # > torch.float16 torch.float32 torch.float32
