import textwrap
import warnings

from torch.utils.data import DataLoader, IterableDataset, get_worker_info


class Stream(IterableDataset):
    def __init__(self, n, rank=0, world_size=1):
        self.n, self.rank, self.world_size = n, rank, world_size

    def __iter__(self):  # every worker gets a copy of the dataset and calls this
        return iter(range(self.n))


class ShardedStream(Stream):
    def __iter__(self):
        info = get_worker_info()  # None in the main process (num_workers=0)
        workers, worker = (1, 0) if info is None else (info.num_workers, info.id)
        # one shard per (rank, worker) pair: under DDP every rank has its own workers
        shard = self.rank * workers + worker
        return iter(range(shard, self.n, self.world_size * workers))


class SizedStream(Stream):
    def __len__(self):
        return self.n


def items(dataset, num_workers=2):
    # batch_size=None: items one by one
    loader = DataLoader(dataset, batch_size=None, num_workers=num_workers)
    return [int(x) for x in loader]


if __name__ == "__main__":
    for dataset in (Stream(6), ShardedStream(6)):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            got = items(dataset)
        print(type(dataset).__name__, sorted(got), "warnings:", len(caught))
        # > Stream [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5] warnings: 0
        # > ShardedStream [0, 1, 2, 3, 4, 5] warnings: 0
    print(get_worker_info(), items(ShardedStream(6), num_workers=0))
    # > None [0, 1, 2, 3, 4, 5]

    # DDP: two ranks (simulated here one after the other), two workers each.
    per_rank = [items(ShardedStream(7, rank, world_size=2)) for rank in (0, 1)]
    print(per_rank, sorted(per_rank[0] + per_rank[1]) == list(range(7)))
    # > [[0, 1, 4, 5], [2, 3, 6]] True
    # 7 items: rank 0 gets one more than rank 1, so it runs one more step (under DDP,
    # a collective the other rank never joins)
    print([len(got) for got in per_rank])
    # > [4, 3]

    # Each worker batches its own shard, so each worker can end on a short batch.
    for workers in (0, 2):
        loader = DataLoader(ShardedStream(10), batch_size=4, num_workers=workers)
        print(workers, "workers:", [len(batch) for batch in loader])
        # > 0 workers: [4, 4, 2]
        # > 2 workers: [4, 4, 1, 1]

    # The only warning: when the dataset has a __len__ and len(loader) was read. It
    # counts batches against the length in samples, so batches of 4 hide the duplicates.
    loader = DataLoader(SizedStream(10), batch_size=4, num_workers=2)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = list(loader)
    print(len(loader), len(got), sum(len(b) for b in got), "warnings:", len(caught))
    # > 3 6 20 warnings: 0
    # batch_size=None: one item per batch, so the 7th item warns.
    loader = DataLoader(SizedStream(6), batch_size=None, num_workers=2)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        print(len(loader), len(list(loader)))
        # > 6 12
    print(textwrap.fill(str(caught[0].message).split("> ")[1].split(". ")[0], 60))
    # > was reported to be 6(when accessing len(dataloader)), but 7
    # > samples have been fetched
