import os
import pickle
import tempfile

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset, IterableDataset, get_worker_info


class MemmapRows(Dataset):
    """Rows of a float32 array on disk; each process maps the file on first use."""

    def __init__(self, path, shape):
        self.path, self.shape = path, shape
        self.rows = None  # not opened here: the dataset pickles as a path

    def __len__(self):
        return self.shape[0]

    def __getitem__(self, i):
        if self.rows is None:
            self.rows = np.memmap(self.path, np.float32, mode="r", shape=self.shape)
        return torch.from_numpy(np.array(self.rows[i]))  # copies this row only


class Shards(IterableDataset):
    """Streams shard files, one at a time; each worker reads its own shards."""

    def __init__(self, paths):
        self.paths = paths

    def __iter__(self):
        info = get_worker_info()
        mine = self.paths if info is None else self.paths[info.id :: info.num_workers]
        for path in mine:
            yield from torch.load(path)  # one shard in memory, row by row


if __name__ == "__main__":
    torch.manual_seed(0)
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "rows.f32")
    data = np.memmap(path, np.float32, mode="w+", shape=(1000, 64))
    data[:] = np.arange(1000, dtype=np.float32)[:, None]  # row i holds the value i
    data.flush()

    dataset = MemmapRows(path, (1000, 64))
    loader = DataLoader(dataset, batch_size=4, shuffle=True, num_workers=2)
    xb = next(iter(loader))
    print(xb.shape, torch.equal(xb, xb[:, :1].expand(-1, 64)))
    # > torch.Size([4, 64]) True
    print("pickled dataset under 1000 bytes:", len(pickle.dumps(dataset)) < 1000)
    # > pickled dataset under 1000 bytes: True
    print("pickled open memmap:", len(pickle.dumps(data)), "bytes")  # the whole array
    # > pickled open memmap: 256162 bytes

    # torch.load(mmap=True) maps the file: the tensor reads the file's pages, no copy.
    pt = os.path.join(folder, "rows.pt")
    saved = torch.arange(64000.0).reshape(1000, 64)  # row 500 starts at 32000
    torch.save(saved, pt)
    mapped, loaded = torch.load(pt, mmap=True), torch.load(pt)
    with open(pt, "r+b") as f:  # change row 500 on disk after both loads
        offset = f.read().find(saved.numpy().tobytes())  # where the tensor's bytes are
        f.seek(offset + 500 * 64 * 4)
        f.write(np.full(64, 7, np.float32).tobytes())
    print("mmap load sees the new row:", mapped[500, 0].item())
    # > mmap load sees the new row: 7.0
    print("plain load read it before:", loaded[500, 0].item())
    # > plain load read it before: 32000.0
    mapped[0] = -1.0  # a private map: the write stays in this process
    print("file unchanged:", torch.load(pt)[0, 0].item())
    # > file unchanged: 0.0
    rows = mapped[[3, 500]]  # fancy indexing copies just these rows
    print(rows.untyped_storage().nbytes(), mapped.untyped_storage().nbytes())
    # > 512 256000

    # Shards streamed by an IterableDataset with 2 workers: every row once.
    paths = []
    for k in range(4):
        paths.append(os.path.join(folder, f"shard{k}.pt"))
        torch.save(torch.arange(25 * k, 25 * (k + 1)), paths[-1])
    seen = torch.cat(list(DataLoader(Shards(paths), batch_size=10, num_workers=2)))
    print(len(seen), torch.equal(seen.sort().values, torch.arange(100)))
    # > 100 True
