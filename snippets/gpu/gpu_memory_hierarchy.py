import torch

# H100 SXM5 (NVIDIA H100 Tensor Core GPU Architecture whitepaper; Hopper Tuning Guide)
SMS = 132
REGS_PER_SM = 65536 * 4  # 64K 32-bit registers: 256 KB per SM
L1_SMEM_PER_SM = 256 * 1024  # L1 and shared memory: one 256 KB array per SM
SMEM_MAX_PER_SM = 228 * 1024  # of which up to 228 KB can be shared memory
L2 = 50 * 2**20
HBM, HBM_BW = 80e9, 3.35e12
MAX_THREADS_PER_SM = 2048

MB = 2**20
print(f"registers, all SMs: {SMS * REGS_PER_SM / MB:.1f} MB")
# > registers, all SMs: 33.0 MB
print(f"L1 + shared, all SMs: {SMS * L1_SMEM_PER_SM / MB:.1f} MB; L2: {L2 / MB:.0f} MB")
# > L1 + shared, all SMs: 33.0 MB; L2: 50 MB
regs = REGS_PER_SM // 4 // MAX_THREADS_PER_SM
print(f"registers per thread at 2048 threads per SM: {regs}")
# > registers per thread at 2048 threads per SM: 32
print(f"one pass over 80 GB of HBM: {HBM / HBM_BW * 1e3:.0f} ms")
# > one pass over 80 GB of HBM: 24 ms

# a 128 x 128 tile of A and of B in bf16 fits in one SM's shared memory
tile = torch.empty(128, 128, dtype=torch.bfloat16, device="meta")
print(f"two bf16 128x128 tiles: {2 * tile.nbytes >> 10} KB of {SMEM_MAX_PER_SM >> 10}")
# > two bf16 128x128 tiles: 64 KB of 228


def constant_requests(addresses):
    """Constant cache: one request per distinct address a warp reads."""
    return len(set(addresses.tolist()))


lane = torch.arange(32)
print("warp reads c[0]:", constant_requests(torch.zeros(32, dtype=torch.long)))
# > warp reads c[0]: 1
print("warp reads c[lane]:", constant_requests(lane))
# > warp reads c[lane]: 32
