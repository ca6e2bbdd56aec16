from torch.utils.data import DataLoader, IterableDataset, get_worker_info


class Stream(IterableDataset):
    def __init__(self, n):
        self.n = n

    def __iter__(self):  # every worker gets a copy of the dataset and calls this
        return iter(range(self.n))


class ShardedStream(Stream):
    def __iter__(self):
        info = get_worker_info()
        if info is None:  # num_workers=0: the main process reads everything
            return iter(range(self.n))
        # worker k reads every num_workers-th item
        return iter(range(info.id, self.n, info.num_workers))


if __name__ == "__main__":
    for dataset in (Stream(6), ShardedStream(6)):
        # batch_size=None: items one by one
        loader = DataLoader(dataset, batch_size=None, num_workers=2)
        items = [int(x) for x in loader]
        print(type(dataset).__name__, sorted(items), len(items) == len(set(items)))
        # > Stream [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5] False
        # > ShardedStream [0, 1, 2, 3, 4, 5] True
