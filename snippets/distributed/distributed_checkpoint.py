import gc
import os
import socket
import tempfile

import torch
import torch.distributed as dist
import torch.distributed.checkpoint as dcp
import torch.multiprocessing as mp
import torch.nn as nn
from torch.distributed.checkpoint.format_utils import dcp_to_torch_save
from torch.distributed.checkpoint.state_dict import (
    StateDictOptions,
    get_model_state_dict,
    get_state_dict,
)
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.fsdp import fully_shard


def make_model():
    return nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Linear(6, 2))


def train(rank, world_size, tmp):
    mesh = init_device_mesh("cpu", (world_size,))
    torch.manual_seed(0)
    model = make_model()
    for layer in (model[0], model[2]):
        fully_shard(layer, mesh=mesh)
    fully_shard(model, mesh=mesh)
    optimizer = torch.optim.AdamW(model.parameters(), lr=0.1)
    model(torch.randn(8, 4)).sum().backward()
    optimizer.step()

    if rank == 0:  # the DDP recipe, torch.save(model.state_dict()) on rank 0 only
        torch.save(model.state_dict(), os.path.join(tmp, "rank0.pt"))
        w = torch.load(os.path.join(tmp, "rank0.pt"))["0.weight"]
        # it loads back with the full shape, and holds rank 0's 3 rows only
        local = tuple(w.to_local().shape)
        print("torch.save file:", type(w).__name__, tuple(w.shape), "holding", local)
        # > torch.save file: DTensor (6, 4) holding (3, 4)

    # model and optimizer state dicts keyed by parameter name, values still sharded
    model_sd, optim_sd = get_state_dict(model, optimizer)
    # a collective: every rank writes its own shards, in parallel
    dcp.save(
        {"model": model_sd, "optim": optim_sd},
        checkpoint_id=os.path.join(tmp, "step-1"),  # a folder
    )

    # or gather one plain state dict (a collective too), on rank 0's CPU only
    options = StateDictOptions(full_state_dict=True, cpu_offload=True)
    full = get_model_state_dict(model, options=options)
    if rank == 0:
        print(
            "full state dict:",
            type(full["0.weight"]).__name__,
            tuple(full["0.weight"].shape),
        )
        # > full state dict: Tensor (6, 4)
        torch.save(full, os.path.join(tmp, "full.pt"))
    lengths = [None] * world_size
    dist.all_gather_object(lengths, len(full))
    if rank == 0:
        print("entries per rank:", lengths)
        # > entries per rank: [4, 0]


def worker(rank, world_size, port, tmp):
    os.environ["MASTER_ADDR"], os.environ["MASTER_PORT"] = "127.0.0.1", str(port)
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    train(rank, world_size, tmp)
    # fully_shard modules hold the process group in reference cycles: free them first
    gc.collect()
    # every rank is done with its collectives before any closes its sockets
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory() as tmp:
        mp.spawn(worker, args=(2, port, tmp), nprocs=2)
        folder = os.path.join(tmp, "step-1")
        print(sorted(os.listdir(folder)))  # one file per rank + the metadata
        # > ['.metadata', '__0_0.distcp', '__1_0.distcp']

        # saved by 2 ranks, loaded by 1 process (no process group), into a plain model
        model = make_model()
        state = {"model": model.state_dict()}  # dcp.load fills these tensors in place
        dcp.load(state, checkpoint_id=folder, no_dist=True)
        model.load_state_dict(state["model"])
        full = torch.load(os.path.join(tmp, "full.pt"))
        print(
            "equals the trained weights:",
            all(torch.equal(model.state_dict()[k], full[k]) for k in full),
        )
        # > equals the trained weights: True

        # offline, no job and no process group: the folder as one torch.save file
        dcp_to_torch_save(folder, os.path.join(tmp, "converted.pt"))
        converted = torch.load(os.path.join(tmp, "converted.pt"))["model"]
        w = converted["0.weight"]
        same = torch.equal(w, full["0.weight"])
        print("converted:", type(w).__name__, tuple(w.shape), "equals:", same)
        # > converted: Tensor (6, 4) equals: True
