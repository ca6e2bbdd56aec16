import torch

# Two DDP ranks, simulated one after the other: each is a process with its own torch
# RNG, here seeded by rank (per-rank augmentation, say).
WORLD = 2


def start(rank):
    torch.manual_seed(100 + rank)
    torch.rand(3)  # the steps before the checkpoint
    return torch.get_rng_state()


def next_draw(state):
    torch.set_rng_state(state)
    return torch.rand(3)


at_checkpoint = [start(rank) for rank in range(WORLD)]
uninterrupted = [next_draw(s) for s in at_checkpoint]

# if rank == 0: torch.save(...) keeps rank 0's state alone, restored on every rank
rank0_only = [next_draw(at_checkpoint[0]) for _ in range(WORLD)]
# one file per rank, rng_{rank}.pt: each rank restores its own
per_rank = [next_draw(at_checkpoint[rank]) for rank in range(WORLD)]
print(
    "rank 0 only:",
    [torch.equal(a, b) for a, b in zip(rank0_only, uninterrupted, strict=True)],
)
# > rank 0 only: [True, False]
print(
    "per rank:",
    [torch.equal(a, b) for a, b in zip(per_rank, uninterrupted, strict=True)],
)
# > per rank: [True, True]
