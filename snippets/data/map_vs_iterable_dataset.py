import torch
from torch.utils.data import DataLoader, Dataset, IterableDataset, get_worker_info


def worker_id():
    info = get_worker_info()  # None in the main process
    return -1 if info is None else info.id


class Squares(Dataset):  # map-style: a length and random access by index
    def __len__(self):
        return 8

    def __getitem__(self, i):
        return i * i, worker_id()


class Stream(IterableDataset):  # iterable-style: only an iterator
    def __iter__(self):
        for i in range(8):
            yield i * i, worker_id()


class ShardedStream(IterableDataset):  # each worker yields its own share
    def __iter__(self):
        info = get_worker_info()
        workers, me = (1, 0) if info is None else (info.num_workers, info.id)
        for i in range(me, 8, workers):
            yield i * i, me


def batches(loader):  # each batch's values, @ the worker that made it
    return " ".join(f"{v.tolist()}@{int(w[0])}" for v, w in loader)


if __name__ == "__main__":
    # map-style: the sampler shuffles indices, whole batches go to the workers in
    # turn, every sample once
    g = torch.Generator().manual_seed(0)
    loader = DataLoader(Squares(), 2, shuffle=True, num_workers=2, generator=g)
    print(len(loader), batches(loader))
    # > 4 [25, 9]@0 [1, 49]@1 [4, 36]@0 [16, 0]@1

    # iterable-style: every worker runs its own copy of __iter__
    print(batches(DataLoader(Stream(), batch_size=2, num_workers=2)))
    # > [0, 1]@0 [0, 1]@1 [4, 9]@0 [4, 9]@1 [16, 25]@0 [16, 25]@1 [36, 49]@0 [36, 49]@1
    print(batches(DataLoader(ShardedStream(), batch_size=2, num_workers=2)))
    # > [0, 4]@0 [1, 9]@1 [16, 36]@0 [25, 49]@1

    # what the DataLoader cannot do without indices
    for option in ({"shuffle": True}, {"sampler": range(8)}):
        try:
            DataLoader(Stream(), **option)
        except ValueError as e:
            print(str(e).split(": ")[1])
            # > expected unspecified shuffle option, but got shuffle=True
            # > expected unspecified sampler option, but got sampler=range(0, 8)
    try:
        len(DataLoader(Stream()))
    except TypeError as e:
        print(e)
        # > object of type 'Stream' has no len()
