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
    model = nn.Linear(4, 1)
    reference = nn.Linear(4, 1)  # a single-process copy, to compare against
    reference.load_state_dict(model.state_dict())
    x, y = torch.randn(8, 4), torch.randn(8, 1)  # the same global batch on every rank

    # GPU: DDP(model.to(local_rank), device_ids=[local_rank]); it broadcasts rank 0's
    # weights
    ddp = DDP(model)
    shard = slice(rank * 4, rank * 4 + 4)  # each rank sees only its half of the batch
    # backward all-reduces (averages) the grads
    nn.functional.mse_loss(ddp(x[shard]), y[shard]).backward()

    local = model.weight.grad.clone()
    grads = [torch.empty_like(local) for _ in range(world_size)]
    dist.all_gather(grads, local)
    nn.functional.mse_loss(reference(x), y).backward()  # the full batch in one process
    if rank == 0:
        print("same grad on every rank:", torch.equal(grads[0], grads[1]))
        # > same grad on every rank: True
        print(
            "equals the full-batch grad:",
            torch.allclose(local, reference.weight.grad, atol=1e-6),
        )
        # > equals the full-batch grad: True


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
