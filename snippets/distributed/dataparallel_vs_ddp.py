import gc
import os
import socket

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP


def same_on_every_rank(t, world_size):
    copies = [torch.empty_like(t) for _ in range(world_size)]
    dist.all_gather(copies, t)
    return all(torch.equal(copies[0], c) for c in copies)


def train(rank, world_size):
    torch.manual_seed(rank)  # a different initialization on every rank
    model = nn.Linear(4, 1)
    before = same_on_every_rank(model.weight.detach(), world_size)
    # GPU: DDP(model.to(local_rank), device_ids=[local_rank])
    ddp = DDP(model)  # broadcasts rank 0's weights (and buffers) to every rank
    after = same_on_every_rank(model.weight.detach(), world_size)
    if rank == 0:
        print("weights equal before DDP:", before, "| after:", after)
        # > weights equal before DDP: False | after: True

    reference = nn.Linear(4, 1)  # a single-process copy, to compare against
    reference.load_state_dict(model.state_dict())
    torch.manual_seed(0)
    x, y = torch.randn(8, 4), torch.randn(8, 1)  # the same global batch on every rank
    shard = slice(rank * 4, rank * 4 + 4)  # each rank sees only its half of the batch
    # backward all-reduces (averages) the grads
    nn.functional.mse_loss(ddp(x[shard]), y[shard]).backward()

    local = model.weight.grad.clone()
    same = same_on_every_rank(local, world_size)
    nn.functional.mse_loss(reference(x), y).backward()  # the full batch in one process
    if rank == 0:
        print("same grad on every rank:", same)
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
