import gc
import os
import socket

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP


def train(rank, world_size):
    torch.manual_seed(0)
    model = DDP(nn.Linear(4, 2))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    model(torch.randn(8, 4)).sum().backward()
    optimizer.step()

    if rank == 0:
        print("DDP keys:   ", list(model.state_dict()))
        # > DDP keys:    ['module.weight', 'module.bias']
        print("module keys:", list(model.module.state_dict()))
        # > module keys: ['weight', 'bias']
        torch.save(
            {"model": model.module.state_dict(), "optimizer": optimizer.state_dict()},
            "ckpt.pt",
        )
    dist.barrier()  # nobody reads the file before rank 0 has finished writing it

    # GPU: torch.device("cuda", local_rank), so each rank loads onto its own GPU
    device = torch.device("cpu")
    # without it, tensors go back where they were saved: cuda:0
    ckpt = torch.load("ckpt.pt", map_location=device)
    fresh = nn.Linear(4, 2).to(device)
    # no "module." prefix: loads into a plain model
    fresh.load_state_dict(ckpt["model"])
    resumed = DDP(fresh)
    same = all(
        torch.equal(a, b)
        for a, b in zip(
            resumed.module.parameters(), model.module.parameters(), strict=True
        )
    )
    flags = [None] * world_size
    dist.all_gather_object(flags, same)
    if rank == 0:
        print("every rank restored the trained weights:", flags)
        # > every rank restored the trained weights: [True, True]


def worker(rank, world_size, port):
    os.environ["MASTER_ADDR"], os.environ["MASTER_PORT"] = "127.0.0.1", str(port)
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    train(rank, world_size)
    # DDP sits in a reference cycle that holds the process group: free it first
    gc.collect()
    dist.destroy_process_group()


if __name__ == "__main__":
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    mp.spawn(worker, args=(2, port), nprocs=2)
