import gc
import os
import socket

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn.functional as F
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP


def token_loss(model, x, y):  # summed over the real tokens
    logits = model(x).flatten(0, 1)
    return F.cross_entropy(logits, y.flatten(), ignore_index=-100, reduction="sum")


def train(rank, world_size):
    torch.manual_seed(0)  # the same model and data on every rank
    model = nn.Sequential(nn.Embedding(10, 8), nn.Linear(8, 10))
    tokens = torch.randint(0, 10, (4, 6))
    targets = torch.randint(0, 10, (4, 6))
    targets[0, 2:] = -100  # padding: rank 0 has 3 real tokens, rank 1 has 12
    targets[1, 1:] = -100
    (token_loss(model, tokens, targets) / (targets != -100).sum()).backward()
    big = model[1].weight.grad.clone()  # the mean over all 15 tokens, on one process

    ddp = DDP(model)
    x, y = tokens[2 * rank : 2 * rank + 2], targets[2 * rank : 2 * rank + 2]
    n_tokens = (y != -100).sum()
    dist.all_reduce(n_tokens)  # the global count: 15 on every rank
    for scale in (1, world_size):
        ddp.zero_grad()
        # DDP averages the ranks' gradients: / world_size. Multiply it back.
        (token_loss(ddp, x, y) / n_tokens * scale).backward()
        grad = ddp.module[1].weight.grad
        if rank == 0:
            same = torch.allclose(grad, big, atol=1e-6)
            print(f"sum / global tokens * {scale}: the big-batch gradient: {same}")
            # > sum / global tokens * 1: the big-batch gradient: False
            # > sum / global tokens * 2: the big-batch gradient: True


def worker(rank, world_size, port):
    os.environ["MASTER_ADDR"], os.environ["MASTER_PORT"] = "127.0.0.1", str(port)
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    train(rank, world_size)
    gc.collect()  # DDP sits in a reference cycle that holds the process group
    # every rank is done with its collectives before any closes its sockets
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    mp.spawn(worker, args=(2, port), nprocs=2)
