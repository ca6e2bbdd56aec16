import random

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset


# random augmentation with NumPy and Python RNGs, run inside the workers
class Augmented(Dataset):
    def __len__(self):
        return 8

    def __getitem__(self, i):
        return torch.tensor(
            [i + np.random.rand(), random.random()], dtype=torch.float32
        )


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)  # seeds the CPU and every CUDA device


def run(seed, num_workers=2):
    seed_everything(seed)
    # its own RNG for the shuffle and each worker's base seed
    g = torch.Generator().manual_seed(seed)
    loader = DataLoader(
        Augmented(), batch_size=4, shuffle=True, num_workers=num_workers, generator=g
    )
    model = nn.Sequential(nn.Linear(2, 8), nn.Dropout(0.5), nn.Linear(8, 1))
    batches = torch.cat(list(loader))
    return batches, model(batches)


def order(generator, model_size):
    torch.manual_seed(0)
    nn.Linear(model_size, 1)  # the model's init draws from the global RNG
    loader = DataLoader(range(8), batch_size=8, shuffle=True, generator=generator)
    return next(iter(loader)).tolist()


if __name__ == "__main__":
    # error on ops with no deterministic implementation
    torch.use_deterministic_algorithms(True)
    batches_1, out_1 = run(0)
    batches_2, out_2 = run(0)
    print(torch.equal(batches_1, batches_2), torch.equal(out_1, out_2))
    # > True True
    numpy_draws = batches_1[:, 0] - batches_1[:, 0].floor()
    # no two workers repeat NumPy's stream
    print(numpy_draws.unique().numel() == len(numpy_draws))
    # > True
    # worker i seeds from base_seed + i: another worker count, another augmentation
    batches_one_worker, _ = run(0, num_workers=1)
    same_order = torch.equal(batches_1[:, 0].floor(), batches_one_worker[:, 0].floor())
    print(same_order, torch.equal(batches_1, batches_one_worker))
    # > True False
    # batch 0 comes from worker 0 either way; batch 1 from worker 1, or from worker 0
    print(torch.equal(batches_1[:4], batches_one_worker[:4]))
    # > True
    print(torch.equal(batches_1[4:], batches_one_worker[4:]))
    # > False

    # without a generator, the shuffle draws from the global RNG: change the model
    # and the data order changes too
    print(order(None, 4) == order(None, 5))
    # > False
    # with one, the data order depends on its seed alone
    g4, g5 = torch.Generator().manual_seed(0), torch.Generator().manual_seed(0)
    print(order(g4, 4) == order(g5, 5))
    # > True
