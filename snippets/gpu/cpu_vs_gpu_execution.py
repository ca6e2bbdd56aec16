import torch

WARP = 32


def warps(threads_per_block):
    return -(-threads_per_block // WARP)  # ceil: a block is split into whole warps


for block in (256, 100):
    idle = warps(block) * WARP - block
    print(f"block of {block}: {warps(block)} warps, {idle} idle lanes")
    # > block of 256: 8 warps, 0 idle lanes
    # > block of 100: 4 warps, 28 idle lanes


def issue_passes(take_branch):
    """SIMT: a warp runs each branch path any of its lanes takes, the others masked."""
    passes = 0
    for warp in take_branch.view(-1, WARP):  # consecutive thread ids form a warp
        passes += int(warp.any()) + int((~warp).any())
    return passes


tid = torch.arange(256)
print("branch on tid % 2:  ", issue_passes(tid % 2 == 0), "passes for 8 warps")
# > branch on tid % 2:   16 passes for 8 warps
print("branch on tid // 32:", issue_passes(tid // 32 % 2 == 0), "passes for 8 warps")
# > branch on tid // 32: 8 passes for 8 warps

# occupancy: resident warps per SM, limited by whichever resource runs out first
# (limits of compute capability 9.0, H100: CUDA C++ Programming Guide, "Technical
# Specifications per Compute Capability")
MAX_WARPS, MAX_BLOCKS, REGS, SMEM = 64, 32, 65536, 228 * 1024


def occupancy(block, regs_per_thread, smem_per_block):
    by_warps = MAX_WARPS // warps(block)
    by_regs = REGS // (regs_per_thread * warps(block) * WARP)
    by_smem = SMEM // smem_per_block if smem_per_block else MAX_BLOCKS
    blocks = min(by_warps, by_regs, by_smem, MAX_BLOCKS)
    return f"{blocks * warps(block)}/{MAX_WARPS} warps"


print("256 threads, 32 regs, 0 KB smem: ", occupancy(256, 32, 0))
# > 256 threads, 32 regs, 0 KB smem:  64/64 warps
print("256 threads, 128 regs, 0 KB smem:", occupancy(256, 128, 0))
# > 256 threads, 128 regs, 0 KB smem: 16/64 warps
print("256 threads, 32 regs, 96 KB smem:", occupancy(256, 32, 96 * 1024))
# > 256 threads, 32 regs, 96 KB smem: 16/64 warps
