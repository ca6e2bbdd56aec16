import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

dataset = TensorDataset(torch.randn(10, 3))
for drop_last in (False, True):
    loader = DataLoader(dataset, batch_size=4, drop_last=drop_last)
    print(
        f"drop_last={drop_last}: len={len(loader)}, sizes={[xb.shape[0] for (xb,) in loader]}"
    )
    # > drop_last=False: len=3, sizes=[4, 4, 2]
    # > drop_last=True: len=2, sizes=[4, 4]

# Why it matters: 9 samples in batches of 4 leave a last batch of 1, and BatchNorm
# cannot
# compute a batch variance from one sample in training mode.
model = nn.Sequential(nn.Linear(3, 3), nn.BatchNorm1d(3)).train()
try:
    for (xb,) in DataLoader(TensorDataset(torch.randn(9, 3)), batch_size=4):
        model(xb)
except ValueError as e:
    print(e)
    # > Expected more than 1 value per channel when training, got input size torch.Size([1, 3])
