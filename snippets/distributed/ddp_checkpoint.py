import gc
import os
import socket
import tempfile

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP


def train(rank, world_size, path):
    torch.manual_seed(0)
    model = DDP(nn.Linear(4, 2))
    # momentum: optimizer state that DDP never broadcasts
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    model(torch.randn(8, 4)).sum().backward()
    optimizer.step()

    if rank == 0:
        print("DDP keys:   ", list(model.state_dict()))
        # > DDP keys:    ['module.weight', 'module.bias']
        print("module keys:", list(model.module.state_dict()))
        # > module keys: ['weight', 'bias']
        torch.save(
            {"model": model.module.state_dict(), "optimizer": optimizer.state_dict()},
            path,
        )
    dist.barrier()  # nobody reads the file before rank 0 has finished writing it

    # GPU: torch.device("cuda", local_rank), so each rank loads onto its own GPU
    device = torch.device("cpu")
    # without it, tensors go back where they were saved: cuda:0
    ckpt = torch.load(path, map_location=device)
    fresh = nn.Linear(4, 2).to(device)
    # no "module." prefix: loads into a plain model
    fresh.load_state_dict(ckpt["model"])
    # checked before DDP(), whose broadcast would copy rank 0's weights anyway
    weights = all(
        torch.equal(a, b)
        for a, b in zip(fresh.parameters(), model.module.parameters(), strict=True)
    )
    resumed = DDP(fresh)
    resumed_optimizer = torch.optim.SGD(resumed.parameters(), lr=0.1, momentum=0.9)
    resumed_optimizer.load_state_dict(ckpt["optimizer"])  # on every rank as well
    restored = resumed_optimizer.state[fresh.weight]  # {} if nothing was loaded
    momentum = "momentum_buffer" in restored and torch.equal(
        restored["momentum_buffer"],
        optimizer.state[model.module.weight]["momentum_buffer"],
    )
    flags = [None] * world_size
    dist.all_gather_object(flags, (weights, momentum))
    if rank == 0:
        print("(weights, momentum) restored on each rank:", flags)
        # > (weights, momentum) restored on each rank: [(True, True), (True, True)]


def worker(rank, world_size, port, path):
    os.environ["MASTER_ADDR"], os.environ["MASTER_PORT"] = "127.0.0.1", str(port)
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    train(rank, world_size, path)
    # DDP sits in a reference cycle that holds the process group: free it first
    gc.collect()
    # every rank is done with its collectives before any closes its sockets
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    path = os.path.join(tempfile.mkdtemp(), "ckpt.pt")  # a folder every rank can read
    mp.spawn(worker, args=(2, port, path), nprocs=2)
