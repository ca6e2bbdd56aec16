import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(8, 8)
w = torch.randn(8, 8)

with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
    h = x @ w
    print("matmul       ", h.dtype)  # on the lower-precision list of every device
    # > matmul        torch.bfloat16
    # on CPU's fp32 list: autocast upcasts its inputs
    print("mse_loss     ", F.mse_loss(h, x).dtype)
    # > mse_loss      torch.float32
    # not on CPU's lists: runs in its input's dtype
    print("softmax(h)   ", torch.softmax(h, dim=-1).dtype)
    # > softmax(h)    torch.bfloat16
    # same: CUDA's autocast would run softmax and sum in fp32
    print("sum(h)       ", h.sum().dtype)
    # > sum(h)        torch.bfloat16
    # explicit dtype= wins
    print("softmax fp32 ", torch.softmax(h, dim=-1, dtype=torch.float32).dtype)
    # > softmax fp32  torch.float32
    # mixed inputs to a pointwise op: type promotion to the widest
    print("h + x        ", (h + x).dtype)
    # > h + x         torch.float32

# without dtype=, each device has its own default: CPU bfloat16, CUDA float16
print(torch.get_autocast_dtype("cpu"), torch.get_autocast_dtype("cuda"))
# > torch.bfloat16 torch.float16

# outside the block nothing is cast
print(torch.is_autocast_enabled("cpu"), (x @ w).dtype)
# > False torch.float32
