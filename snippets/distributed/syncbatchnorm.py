import gc
import os
import socket
import warnings

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP


def gather(t, world_size):
    copies = [torch.empty_like(t) for _ in range(world_size)]
    dist.all_gather(copies, t.detach())
    return copies


def train(rank, world_size):
    torch.manual_seed(0)
    batch = torch.randn(8, 3) * 2 + 1  # the global batch; rank r gets rows 4r to 4r+3
    local = batch[rank * 4 : rank * 4 + 4]
    model = DDP(nn.Sequential(nn.Linear(3, 3), nn.BatchNorm1d(3)))
    reference = nn.Sequential(nn.Linear(3, 3), nn.BatchNorm1d(3))
    reference.load_state_dict(model.module.state_dict())

    out = torch.cat(gather(model(local), world_size))
    means = gather(model.module[1].running_mean, world_size)
    if rank == 0:
        # plain BatchNorm under DDP normalizes with each rank's own 4 rows
        print("local stats == global stats:", torch.allclose(out, reference(batch)))
        # > local stats == global stats: False
        print("running_mean same on both ranks:", torch.equal(*means))
        # > running_mean same on both ranks: False
    before = means[0]
    model.eval()  # eval: BatchNorm leaves its buffers alone, DDP still syncs them
    with torch.no_grad():
        model(local)
    means = gather(model.module[1].running_mean, world_size)
    if rank == 0:
        print(
            "next forward: both hold rank 0's:",
            all(torch.equal(m, before) for m in means),
        )
        # > next forward: both hold rank 0's: True

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        DDP(nn.BatchNorm1d(3), broadcast_buffers=False)  # the old name of that switch
    if rank == 0:
        print(caught[0].category.__name__, str(caught[0].message).split(". ")[0])
        # > FutureWarning `broadcast_buffers` is deprecated

    sync = nn.SyncBatchNorm.convert_sync_batchnorm(reference)  # before wrapping in DDP
    if rank == 0:
        print(type(sync[1]).__name__, sync[1].num_features)
        # > SyncBatchNorm 3
    try:
        sync(local)  # training mode, CPU tensor, process group initialized
    except ValueError as e:
        if rank == 0:
            print(e)
            # > SyncBatchNorm expected input tensor to be on GPU or XPU or privateuseone


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

    # no process group at all: SyncBatchNorm silently computes plain BatchNorm
    torch.manual_seed(0)
    x = torch.randn(4, 3)
    same = torch.allclose(nn.SyncBatchNorm(3)(x), nn.BatchNorm1d(3)(x))
    print("without a process group, equals BatchNorm1d:", same)
    # > without a process group, equals BatchNorm1d: True
