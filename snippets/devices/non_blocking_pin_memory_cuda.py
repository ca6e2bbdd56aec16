import torch

src = torch.randn(64, 1024, 1024).pin_memory()  # 256 MiB, page-locked
print(src.is_pinned())
# > True

# Host to device: returns at once, the copy is queued on the current stream. Kernels
# queued after it on
# the same stream run after it, so the GPU side needs no synchronize.
gpu = src.to("cuda", non_blocking=True)
doubled = gpu * 2

# Device to host: the CPU reads the result, so it must wait for the copy to finish
# first.
back = doubled.to("cpu", non_blocking=True)
# without it, `back` may still be half-written
torch.cuda.current_stream().synchronize()
print(torch.equal(back, src * 2))
# > True
