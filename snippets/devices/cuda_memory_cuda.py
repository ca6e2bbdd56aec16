import torch

torch.cuda.empty_cache()
torch.cuda.reset_peak_memory_stats()
base = torch.cuda.memory_allocated()

x = torch.empty(256, 1024, 1024, device="cuda")  # 1 GiB of float32
# allocated: the allocator's blocks of live tensors
print(torch.cuda.memory_allocated() - base == x.untyped_storage().nbytes())
# > True
tiny = torch.empty(1, device="cuda")  # 4 bytes, in a block rounded up to 512
print(torch.cuda.memory_allocated() - base - 2**30)
# > 512
del tiny
before = torch.cuda.memory_allocated()
# A large-pool block is split only if more than 1 MiB would be left over: a 19.5 MiB
# tensor gets a 20 MiB block, and the whole block counts.
odd = torch.empty(39 * 2**17, device="cuda")  # 39 * 2**17 float32 = 19.5 MiB
print((torch.cuda.memory_allocated() - before) / 2**20)
# > 20.0
del odd

del x
print(torch.cuda.memory_allocated() == base)  # the tensor is gone...
# > True
# ...but the caching allocator keeps its block for reuse
print(torch.cuda.memory_reserved() >= 2**30)
# > True

# hands unused cached blocks back to the driver (other processes can use them)
torch.cuda.empty_cache()
print(torch.cuda.memory_reserved() < 2**30)
# > True
# the peak, the number that decides an OOM
print(torch.cuda.max_memory_allocated() >= 2**30)
# > True

try:
    torch.empty(2**45, device="cuda")  # 128 TiB
except torch.OutOfMemoryError as e:
    print(str(e).split(".")[0])
    # > CUDA out of memory
