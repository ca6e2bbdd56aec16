import torch
from torch import nn
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset

torch.manual_seed(0)
for n in (10, 8):
    for drop_last in (False, True):
        loader = DataLoader(TensorDataset(torch.randn(n, 3)), 4, drop_last=drop_last)
        sizes = [xb.shape[0] for (xb,) in loader]
        print(f"N={n}, drop_last={drop_last}: len={len(loader)}, sizes={sizes}")
        # > N=10, drop_last=False: len=3, sizes=[4, 4, 2]
        # > N=10, drop_last=True: len=2, sizes=[4, 4]
        # > N=8, drop_last=False: len=2, sizes=[4, 4]
        # > N=8, drop_last=True: len=2, sizes=[4, 4]

# Why it matters: 9 samples in batches of 4 leave a last batch of 1, and BatchNorm1d
# on (N, C) features gets one value per channel: no batch variance in training mode.
model = nn.Sequential(nn.Linear(3, 3), nn.BatchNorm1d(3)).train()
try:
    for (xb,) in DataLoader(TensorDataset(torch.randn(9, 3)), batch_size=4):
        model(xb)
except ValueError as e:
    print(str(e).split(", got")[0], xb.shape)
    # > Expected more than 1 value per channel when training torch.Size([1, 3])

# One image still has H * W values per channel: BatchNorm2d trains on it (noisily),
# unless H * W is 1 (after global pooling), where it raises like BatchNorm1d.
bn2d = nn.BatchNorm2d(3).train()
print(bn2d(torch.randn(1, 3, 4, 4)).shape)
# > torch.Size([1, 3, 4, 4])
try:
    bn2d(torch.randn(1, 3, 1, 1))
except ValueError as e:
    print(str(e).split(", got")[0])
    # > Expected more than 1 value per channel when training

# Under DDP, DistributedSampler has a drop_last of its own, False by default: it pads
# every rank to the same count by repeating samples, so an evaluation over the ranks
# counts some samples twice. No process group needed: num_replicas and rank are given.
ranks = [
    list(DistributedSampler(range(10), num_replicas=4, rank=r, shuffle=False))
    for r in range(4)
]
print(ranks, sum(map(len, ranks)))
# > [[0, 4, 8], [1, 5, 9], [2, 6, 0], [3, 7, 1]] 12
