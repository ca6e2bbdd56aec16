import torch

torch.cuda.empty_cache()
torch.cuda.reset_peak_memory_stats()
base = torch.cuda.memory_allocated()

x = torch.empty(256, 1024, 1024, device="cuda")  # 1 GiB of float32
print(torch.cuda.memory_allocated() - base == x.untyped_storage().nbytes())  # allocated: live tensors
# > True

del x
print(torch.cuda.memory_allocated() == base)  # the tensor is gone...
# > True
print(torch.cuda.memory_reserved() >= 2**30)  # ...but the caching allocator keeps its block for reuse
# > True

torch.cuda.empty_cache()  # hands unused cached blocks back to the driver (other processes can use them)
print(torch.cuda.memory_reserved() < 2**30)
# > True
print(torch.cuda.max_memory_allocated() >= 2**30)  # the peak, the number that decides an OOM
# > True

try:
    torch.empty(2**45, device="cuda")  # 128 TiB
except torch.OutOfMemoryError as e:
    print(str(e).split(".")[0])
# > CUDA out of memory
