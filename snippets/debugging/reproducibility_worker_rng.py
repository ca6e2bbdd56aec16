import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset, get_worker_info


class Noisy(Dataset):
    def __init__(self):
        # a Generator object, not NumPy's global RNG: copied as-is into every worker
        self.rng = np.random.default_rng(0)

    def __len__(self):
        return 4

    def __getitem__(self, i):
        return self.rng.random()


def reseed(worker_id):
    info = get_worker_info()  # info.seed differs per worker, fixed by the generator
    info.dataset.rng = np.random.default_rng(info.seed)


def workers_draw_the_same(worker_init_fn=None):
    loader = DataLoader(
        Noisy(),
        batch_size=2,
        num_workers=2,
        worker_init_fn=worker_init_fn,
        generator=torch.Generator().manual_seed(0),
    )
    batch_0, batch_1 = list(loader)  # worker 0 makes batch 0, worker 1 batch 1
    return torch.equal(batch_0, batch_1)


if __name__ == "__main__":
    print(workers_draw_the_same())
    # > True
    print(workers_draw_the_same(reseed))
    # > False
