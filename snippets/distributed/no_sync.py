import contextlib
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
    model = DDP(nn.Linear(4, 1))
    # global batch: 2 ranks x 2 micro-batches x 4 samples
    x, y = torch.randn(16, 4), torch.randn(16, 1)
    micro = [(x[i : i + 4], y[i : i + 4]) for i in range(rank * 8, rank * 8 + 8, 4)]

    accum = 2
    for i, (xb, yb) in enumerate(micro):
        last = i == accum - 1
        # no all-reduce except on the last micro-batch
        with contextlib.nullcontext() if last else model.no_sync():
            # divide: the grads add up across micro-batches
            loss = nn.functional.mse_loss(model(xb), yb) / accum
            loss.backward()
        if not last:
            grads = [
                torch.empty_like(model.module.weight.grad) for _ in range(world_size)
            ]
            dist.all_gather(grads, model.module.weight.grad)
            if rank == 0:
                print("inside no_sync, ranks agree:", torch.equal(grads[0], grads[1]))
                # > inside no_sync, ranks agree: False

    grads = [torch.empty_like(model.module.weight.grad) for _ in range(world_size)]
    dist.all_gather(grads, model.module.weight.grad)
    big = nn.Linear(4, 1)
    big.load_state_dict(model.module.state_dict())
    nn.functional.mse_loss(big(x), y).backward()  # the whole 16-sample batch at once
    if rank == 0:
        print("after the synced step, ranks agree:", torch.equal(grads[0], grads[1]))
        # > after the synced step, ranks agree: True
        print(
            "equals the 16-sample batch:",
            torch.allclose(grads[0], big.weight.grad, atol=1e-6),
        )
        # > equals the 16-sample batch: True

    # without no_sync(): every backward all-reduces .grad as it stands
    model.zero_grad()
    for xb, yb in micro:
        (nn.functional.mse_loss(model(xb), yb) / accum).backward()
    if rank == 0:
        print(
            "synced every micro-batch, equals it too:",
            torch.allclose(model.module.weight.grad, big.weight.grad, atol=1e-6),
        )
        # > synced every micro-batch, equals it too: True

    # "as it stands": a leftover in .grad that differs by rank is averaged too
    model.module.weight.grad.fill_(100.0 * rank)
    nn.functional.mse_loss(model(micro[0][0]), micro[0][1]).backward()
    grads = [torch.empty_like(model.module.weight.grad) for _ in range(world_size)]
    dist.all_gather(grads, model.module.weight.grad)
    if rank == 0:
        print("rank-specific leftover in .grad, ranks agree:", torch.equal(*grads))
        # > rank-specific leftover in .grad, ranks agree: True

    # the trap: forward outside no_sync(), backward inside it
    model.zero_grad()
    loss = nn.functional.mse_loss(model(micro[0][0]), micro[0][1])
    with model.no_sync():
        loss.backward()  # the forward already armed the all-reduce: it still syncs
    grads = [torch.empty_like(model.module.weight.grad) for _ in range(world_size)]
    dist.all_gather(grads, model.module.weight.grad)
    if rank == 0:
        print("backward alone inside no_sync, ranks agree:", torch.equal(*grads))
        # > backward alone inside no_sync, ranks agree: True


def worker(rank, world_size, port):
    os.environ["MASTER_ADDR"], os.environ["MASTER_PORT"] = "127.0.0.1", str(port)
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    train(rank, world_size)
    # DDP sits in a reference cycle that holds the process group: free it first
    gc.collect()
    # every rank is done with its collectives before any closes its sockets
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    mp.spawn(worker, args=(2, port), nprocs=2)
