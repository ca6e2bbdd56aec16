import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel
from torch.profiler import profile
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)
torch.set_num_threads(1)  # the flash kernel allocates its scratch blocks per thread
d = 64  # head dim; one head, batch 1

# the score matrix of one head is n x n: doubling n quadruples it
for n in (512, 1024, 2048):
    q, k = torch.randn(n, d), torch.randn(n, d)
    scores = q @ k.T
    print(n, tuple(scores.shape), scores.numel() * scores.element_size(), "bytes")
    # > 512 (512, 512) 1048576 bytes
    # > 1024 (1024, 1024) 4194304 bytes
    # > 2048 (2048, 2048) 16777216 bytes


def attention(q, k, v):  # the math path: it builds the n x n scores
    return torch.softmax(q @ k.transpose(-2, -1) / d**0.5, dim=-1) @ v


def flops(fn, n):
    q, k, v = (torch.randn(1, 1, n, d) for _ in range(3))
    with FlopCounterMode(display=False) as counter:
        fn(q, k, v)
    return counter.get_total_flops()


small, large = flops(attention, 1024), flops(attention, 2048)
print(small, large, large / small)  # QK^T and AV: 2 * n * n * d each
# > 268435456 1073741824 4.0
print(small == 2 * (2 * 1024 * 1024 * d))
# > True
# FlopCounterMode has no formula for the CPU flash kernel: it counts 0 for it
print(flops(F.scaled_dot_product_attention, 2048))
# > 0
with sdpa_kernel(SDPBackend.MATH):  # SDPA's math path: the same count as by hand
    print(flops(F.scaled_dot_product_attention, 2048) == large)
    # > True


def largest_allocation(backend, n):
    q, k, v = (torch.randn(1, 1, n, d) for _ in range(3))
    with sdpa_kernel(backend), profile(profile_memory=True) as prof:
        F.scaled_dot_product_attention(q, k, v)
    return max(e.cpu_memory_usage for e in prof.events())


# the math path allocates the n x n scores; the fused kernel a fixed block per thread
for n in (1024, 2048):
    math = largest_allocation(SDPBackend.MATH, n)
    fused = largest_allocation(SDPBackend.FLASH_ATTENTION, n)
    print(n, math, fused)
    # > 1024 4456448 591872
    # > 2048 17301504 591872
