import gc
import os
import socket

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn as nn
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.fsdp import fully_shard
from torch.profiler import profile


def build(mesh, reshard_after_forward=None, per_layer=True):
    torch.manual_seed(0)  # same initial weights on every rank
    model = nn.Sequential(nn.Linear(8, 6), nn.ReLU(), nn.Linear(6, 2))
    before = model[0].weight
    for layer in (model[0], model[2]) if per_layer else ():  # one unit per Linear
        fully_shard(layer, mesh=mesh, reshard_after_forward=reshard_after_forward)
    fully_shard(model, mesh=mesh)  # the root: whatever is left (nothing here)
    return model, before


def collectives(prof):
    # the c10d ops the profiler saw, and how many times each ran
    return {e.key: e.count for e in prof.key_averages() if e.key.startswith("c10d::")}


def train(rank, world_size):
    # init_device_mesh("cuda", (world_size,)) on GPUs
    mesh = init_device_mesh("cpu", (world_size,))
    model, before = build(mesh)
    # built AFTER sharding: fully_shard replaced the Parameter objects
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2)

    w = model[0].weight
    local_shapes = [None] * world_size
    dist.all_gather_object(local_shapes, tuple(w.to_local().shape))
    if rank == 0:
        print(type(model).__name__, type(w).__name__, w.placements)
        # > FSDPSequential DTensor (Shard(dim=0),)
        print("full shape:", tuple(w.shape), "local shard per rank:", local_shapes)
        # > full shape: (6, 8) local shard per rank: [(3, 8), (3, 8)]
        print("same Parameter as before fully_shard:", w is before)
        # > same Parameter as before fully_shard: False

    torch.manual_seed(rank)  # each rank trains on its own data
    x = torch.randn(4, 8)
    with profile() as fwd:  # all-gather each layer's parameters before its forward
        loss = model(x).pow(2).mean()
    held = type(model[0].weight).__name__  # resharded after forward: the shard
    with profile() as bwd:  # all-gather again, then reduce-scatter the gradients
        loss.backward()
    optimizer.step()  # AdamW state exists only for the local shard
    if rank == 0:
        print("forward: ", collectives(fwd), "| until backward:", held)
        # > forward:  {'c10d::_allgather_base_': 2} | until backward: DTensor
        print("backward:", collectives(bwd))
        # > backward: {'c10d::_allgather_base_': 2, 'c10d::_reduce_scatter_base_': 2}
        print("grad:", type(w.grad).__name__, tuple(w.grad.to_local().shape))
        # > grad: DTensor (3, 8)
        print("adam state:", tuple(optimizer.state[w]["exp_avg"].to_local().shape))
        # > adam state: (3, 8)

    # keep the gathered parameters from forward to backward: memory for traffic
    kept, _ = build(mesh, reshard_after_forward=False)
    loss = kept(x).pow(2).mean()
    with profile() as bwd:
        loss.backward()
    if rank == 0:
        print("backward, reshard_after_forward=False:", collectives(bwd))
        # > backward, reshard_after_forward=False: {'c10d::_reduce_scatter_base_': 2}

    # fully_shard on the root alone: one unit, the whole model gathered at once
    # and, as the root keeps its parameters after forward, held whole until backward
    whole, _ = build(mesh, per_layer=False)
    with profile() as fwd:
        loss = whole(x).pow(2).mean()
    held = whole[0].weight
    kind, shape = type(held).__name__, tuple(held.shape)
    loss.backward()
    if rank == 0:
        print("root only:", collectives(fwd), "| until backward:", kind, shape)
        # > root only: {'c10d::_allgather_base_': 1} | until backward: Parameter (6, 8)

    full = w.full_tensor()  # a collective: every rank must call it
    if rank == 0:
        print("gathered:", tuple(full.shape))
        # > gathered: (6, 8)


def worker(rank, world_size, port):
    os.environ["MASTER_ADDR"], os.environ["MASTER_PORT"] = "127.0.0.1", str(port)
    dist.init_process_group("gloo", rank=rank, world_size=world_size)  # "nccl" on GPUs
    train(rank, world_size)
    # fully_shard modules hold the process group in reference cycles: free them first
    gc.collect()
    # every rank is done with its collectives before any closes its sockets
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    mp.spawn(worker, args=(2, port), nprocs=2)
