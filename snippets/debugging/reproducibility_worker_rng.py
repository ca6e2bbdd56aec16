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


def workers_draw_the_same(worker_init_fn=None, persistent_workers=False):
    loader = DataLoader(
        Noisy(),
        batch_size=2,
        num_workers=2,
        worker_init_fn=worker_init_fn,
        persistent_workers=persistent_workers,
        generator=torch.Generator().manual_seed(0),
    )
    batch_0, batch_1 = list(loader)  # worker 0 makes batch 0, worker 1 batch 1
    return torch.equal(batch_0, batch_1)


def epochs_draw_the_same(worker_init_fn=None, persistent_workers=False):
    loader = DataLoader(
        Noisy(),
        batch_size=4,
        num_workers=1,  # one worker: no other worker to collide with
        worker_init_fn=worker_init_fn,
        persistent_workers=persistent_workers,
        generator=torch.Generator().manual_seed(0),
    )
    epoch_1, epoch_2 = next(iter(loader)), next(iter(loader))
    return torch.equal(epoch_1, epoch_2)


if __name__ == "__main__":
    print(workers_draw_the_same())
    # > True
    print(workers_draw_the_same(reseed), workers_draw_the_same(persistent_workers=True))
    # > False True
    # each epoch starts new workers from the parent's copy, never advanced
    print(epochs_draw_the_same())
    # > True
    # info.seed changes every epoch; persistent workers keep their RNG going
    print(epochs_draw_the_same(reseed), epochs_draw_the_same(persistent_workers=True))
    # > False False
