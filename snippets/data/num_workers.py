import os
import textwrap
import warnings

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset, get_worker_info


class Counting(Dataset):
    def __init__(self):
        self.calls = 0  # each worker mutates its own copy of this dataset
        self.rng = None  # set per worker by init_worker

    def __len__(self):
        return 8

    def __getitem__(self, i):
        self.calls += 1
        # None in the main process; id, num_workers, seed, dataset in a worker
        info = get_worker_info()
        return torch.tensor(
            [i, info.id, self.calls, np.random.randint(100), self.rng.integers(100)]
        )


class Hits(Dataset):
    """The same mutation, on a tensor attribute."""

    def __init__(self):
        self.hits = torch.zeros(4, dtype=torch.int64)

    def __len__(self):
        return 4

    def __getitem__(self, i):
        self.hits[i] += 1  # in place, inside the worker
        return i


class OwnRng(Dataset):
    """A NumPy Generator made in __init__, not reseeded per worker."""

    def __init__(self):
        self.rng = np.random.default_rng(0)

    def __len__(self):
        return 4

    def __getitem__(self, i):
        return self.rng.integers(100)


def init_worker(worker_id):
    # Runs once in each worker, after the worker has seeded torch, random and np.random.
    info = get_worker_info()
    # any other RNG: seed it from the worker's seed
    info.dataset.rng = np.random.default_rng(info.seed)


def batch_errors(samples, num_workers):
    """The lines of each batch's error, two samples a batch."""
    batches = iter(DataLoader(samples, batch_size=2, num_workers=num_workers))
    errors = []
    for _ in range(len(samples) // 2):
        try:
            next(batches)
        except RuntimeError as e:
            errors.append(str(e).strip().splitlines())
    return errors


def epochs(persistent, n=2):
    loader = DataLoader(
        Counting(),
        batch_size=2,
        num_workers=2,  # worker processes; 0 = load in the main process
        # keep workers (and their dataset copies) alive across epochs
        persistent_workers=persistent,
        # page-locked batches for faster host-to-GPU copies
        pin_memory=torch.accelerator.is_available(),
        worker_init_fn=init_worker,
        # draws each worker's base seed (and, with shuffle=True, the permutation)
        generator=torch.Generator().manual_seed(0),
    )
    return [torch.cat(list(loader)) for _ in range(n)], loader


if __name__ == "__main__":
    (first, second), loader = epochs(persistent=False)
    # batches each worker loads ahead: not passed, so the default
    print("prefetch_factor:", loader.prefetch_factor)
    # > prefetch_factor: 2
    print("index, worker, calls, np.random, own rng")
    # > index, worker, calls, np.random, own rng
    for row in first.tolist():
        print(row)
        # > [0, 0, 1, 10, 52]
        # > [1, 0, 2, 41, 77]
        # > [2, 1, 1, 23, 24]
        # > [3, 1, 2, 74, 65]
        # > [4, 0, 3, 50, 52]
        # > [5, 0, 4, 70, 64]
        # > [6, 1, 3, 37, 8]
        # > [7, 1, 4, 65, 26]
    print("calls in the parent's copy:", loader.dataset.calls)
    # > calls in the parent's copy: 0
    print("epoch 2 calls, workers restarted:", second[:, 2].tolist())
    # > epoch 2 calls, workers restarted: [1, 2, 1, 2, 3, 4, 3, 4]
    (_, second), _ = epochs(persistent=True)
    print("epoch 2 calls, persistent workers:", second[:, 2].tolist())
    # > epoch 2 calls, persistent workers: [5, 6, 5, 6, 7, 8, 7, 8]
    (again, _), _ = epochs(persistent=False)
    print(
        "same generator, same random numbers in the workers:", torch.equal(first, again)
    )
    # > same generator, same random numbers in the workers: True

    # Tensor attributes are the exception under spawn and forkserver: torch pickles the
    # dataset's tensors through shared memory, the parent's own tensor included, so a
    # worker's in-place write reaches the parent. Under fork the worker has a copy.
    for context in ("fork", "spawn"):
        hits = Hits()
        list(DataLoader(hits, num_workers=1, multiprocessing_context=context))
        print(context, hits.hits.tolist(), hits.hits.is_shared())
        # > fork [0, 0, 0, 0] False
        # > spawn [1, 1, 1, 1] True

    # An exception inside a worker reaches the parent wrapped: a first line naming the
    # worker, then the worker's traceback, whose last line is the worker's error.
    # Ragged samples: in a worker the default collate first resizes a shared-memory
    # batch to the first sample's shape, which fails when that sample is the longer.
    ragged = [torch.zeros(3), torch.zeros(2), torch.zeros(2), torch.zeros(3)]
    longer_first, shorter_first = batch_errors(ragged, num_workers=1)
    print(*longer_first[:2], longer_first[-1], sep="\n")
    # > Caught RuntimeError in DataLoader worker process 0.
    # > Original Traceback (most recent call last):
    # > RuntimeError: Trying to resize storage that is not resizable
    print(textwrap.fill(shorter_first[-1], 76))  # the shorter first: torch.stack fails
    # > RuntimeError: stack expects each tensor to be equal size, but got [2] at
    # > entry 0 and [3] at entry 1
    # Without workers torch.stack fails for both orders: batch 0 fails differently.
    for lines in batch_errors(ragged, num_workers=0):
        print(textwrap.fill(lines[-1], 76))
        # > stack expects each tensor to be equal size, but got [3] at entry 0 and [2]
        # > at entry 1
        # > stack expects each tensor to be equal size, but got [2] at entry 0 and [3]
        # > at entry 1

    # Every new iterator draws a base seed, workers or not: from the loader's generator,
    # or from torch's global RNG when it has none, which shifts every later draw.
    torch.manual_seed(0)
    expected = torch.rand(1)
    for generator in (None, torch.Generator()):
        torch.manual_seed(0)
        list(DataLoader(range(4), generator=generator))  # no workers, no shuffle
        same = torch.equal(torch.rand(1), expected)
        print("own generator:", generator is not None, "global RNG untouched:", same)
        # > own generator: False global RNG untouched: False
        # > own generator: True global RNG untouched: True

    # Worker-only options are rejected without workers.
    for options in ({"persistent_workers": True}, {"prefetch_factor": 2}):
        try:
            DataLoader(ragged, num_workers=0, **options)
        except ValueError as e:
            print(str(e).split(".")[0])
            # > persistent_workers option needs num_workers > 0
            # > prefetch_factor option could only be specified in multiprocessing

    # More workers than the CPUs this process may use: a warning at construction.
    too_many = len(os.sched_getaffinity(0)) + 1
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        DataLoader(ragged, num_workers=too_many)  # no worker starts before iter()
    print(str(caught[0].message).split(". ")[1].split(" is ")[0])
    # > Our suggested max number of worker in current system

    # A NumPy Generator made in __init__ is copied into each worker in the same state:
    # both workers draw the same numbers unless worker_init_fn reseeds it.
    draws = DataLoader(OwnRng(), batch_size=2, num_workers=2)
    print("worker 0, worker 1:", [batch.tolist() for batch in draws])
    # > worker 0, worker 1: [[85, 63], [85, 63]]
