from torch.utils.data import DataLoader, DistributedSampler

dataset = list(range(10))  # any object with __len__ works as the sampler's dataset

# In a real job num_replicas and rank come from the process group; passing them
# explicitly needs no processes.
samplers = [
    DistributedSampler(dataset, num_replicas=2, rank=r, shuffle=True, seed=0)
    for r in range(2)
]
for epoch in range(2):
    print(f"epoch {epoch} (no set_epoch):", [list(s) for s in samplers])
    # > epoch 0 (no set_epoch): [[4, 7, 3, 0, 6], [1, 5, 9, 8, 2]]
    # > epoch 1 (no set_epoch): [[4, 7, 3, 0, 6], [1, 5, 9, 8, 2]]

for epoch in range(2):
    for s in samplers:
        # on every rank, every epoch, before iterating the DataLoader
        s.set_epoch(epoch)
    split = [list(s) for s in samplers]
    print(
        f"epoch {epoch} (set_epoch):  ",
        split,
        "disjoint:",
        not set(split[0]) & set(split[1]),
    )
    # > epoch 0 (set_epoch):   [[4, 7, 3, 0, 6], [1, 5, 9, 8, 2]] disjoint: True
    # > epoch 1 (set_epoch):   [[5, 1, 0, 9, 7], [6, 2, 8, 3, 4]] disjoint: True

# 10 samples over 3 ranks: padded to 12 by repeating the first 2 indices of the order
in_order = [
    list(DistributedSampler(dataset, num_replicas=3, rank=r, shuffle=False))
    for r in range(3)
]
print(in_order)  # shuffle=False: samples 0 and 1 are seen twice
# > [[0, 3, 6, 9], [1, 4, 7, 0], [2, 5, 8, 1]]
shuffled = [
    list(DistributedSampler(dataset, num_replicas=3, rank=r, seed=0)) for r in range(3)
]
seen = sum(shuffled, [])
# shuffle=True: the first 2 of this epoch's permutation are seen twice
print(shuffled, "twice:", sorted(i for i in set(seen) if seen.count(i) == 2))
# > [[4, 5, 0, 2], [1, 3, 8, 4], [7, 9, 6, 1]] twice: [1, 4]
dropped = [
    list(
        DistributedSampler(
            dataset, num_replicas=3, rank=r, shuffle=False, drop_last=True
        )
    )
    for r in range(3)
]
# drop_last=True trims to 9 instead: the tail is never seen
print(dropped, "never seen:", sorted(set(dataset) - set(sum(dropped, []))))
# > [[0, 3, 6], [1, 4, 7], [2, 5, 8]] never seen: [9]

# every rank must pass the same seed: seeding per rank (seed=rank) gives each rank
# its own permutation, and the slices overlap
own_seed = [
    list(DistributedSampler(dataset, num_replicas=2, rank=r, seed=r)) for r in range(2)
]
print("seed=rank, seen by both ranks:", sorted(set(own_seed[0]) & set(own_seed[1])))
# > seed=rank, seen by both ranks: [3, 4, 6]

# the sampler shuffles: no shuffle=True here
loader = DataLoader(dataset, batch_size=2, sampler=samplers[0])
try:
    DataLoader(dataset, batch_size=2, sampler=samplers[0], shuffle=True)
except ValueError as e:
    print(e)
    # > sampler option is mutually exclusive with shuffle
