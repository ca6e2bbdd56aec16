import torch

src = torch.randn(64, 1024, 1024).pin_memory()  # 256 MiB, page-locked
print(src.is_pinned())
# > True

# Host to device from pinned memory: the call returns once the copy is queued on the
# current stream. Kernels queued after it on the same stream run after it, so the GPU
# side needs no synchronize.
gpu = src.to("cuda", non_blocking=True)
doubled = gpu * 2

# Device to host: the destination is pinned, and the call returns before the data is
# there. query() is False while work queued on the stream has not finished.
back = doubled.to("cpu", non_blocking=True)
print(back.is_pinned(), torch.cuda.current_stream().query())
# > True False
# the host must wait before it reads `back`
torch.cuda.current_stream().synchronize()
print(torch.cuda.current_stream().query(), torch.equal(back, src * 2))
# > True True
