import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(8, 8)
w = torch.randn(8, 8)

with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
    h = x @ w
    print("matmul       ", h.dtype)  # on the lower-precision list of every device
    # > matmul        torch.bfloat16
    print("mse_loss     ", F.mse_loss(h, x).dtype)  # on CPU's fp32 list: autocast upcasts its inputs
    # > mse_loss      torch.float32
    print("softmax(h)   ", torch.softmax(h, dim=-1).dtype)  # not on CPU's lists: runs in its input's dtype
    # > softmax(h)    torch.bfloat16
    print("sum(h)       ", h.sum().dtype)  # same: CUDA's autocast would run softmax and sum in fp32
    # > sum(h)        torch.bfloat16
    print("softmax fp32 ", torch.softmax(h, dim=-1, dtype=torch.float32).dtype)  # explicit dtype= wins
    # > softmax fp32  torch.float32
    print("h + x        ", (h + x).dtype)  # mixed inputs to a pointwise op: type promotion to the widest
    # > h + x         torch.float32

print(torch.is_autocast_enabled("cpu"), (x @ w).dtype)  # outside the block nothing is cast
# > False torch.float32
