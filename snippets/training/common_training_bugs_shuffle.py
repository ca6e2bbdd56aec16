import torch
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
per_sample_loss = TensorDataset(torch.rand(10))  # 10 samples: batches of 4, 4, 2


def validate(shuffle, seed):
    g = torch.Generator().manual_seed(seed)
    loader = DataLoader(per_sample_loss, batch_size=4, shuffle=shuffle, generator=g)
    total, batch_means = 0.0, 0.0
    for (loss,) in loader:
        total += loss.sum().item()
        batch_means += loss.mean().item()
    # the mean over samples, and the common mean of per-batch means
    return round(total / len(loader.dataset), 4), round(batch_means / len(loader), 4)


for shuffle, seed in ((False, 0), (True, 0), (True, 1)):
    print(shuffle, validate(shuffle, seed))
    # > False (0.4901, 0.4991)
    # > True (0.4901, 0.4867)
    # > True (0.4901, 0.4992)
