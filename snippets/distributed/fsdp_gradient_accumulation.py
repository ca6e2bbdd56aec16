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


def collectives(prof):
    """(all-gathers, reduce-scatters) that ran inside the profiler."""
    ops = {e.key: e.count for e in prof.key_averages()}
    gathers, scatters = "c10d::_allgather_base_", "c10d::_reduce_scatter_base_"
    return ops.get(gathers, 0), ops.get(scatters, 0)


def train(rank, world_size):
    mesh = init_device_mesh("cpu", (world_size,))
    torch.manual_seed(0)
    reference = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
    model.load_state_dict(reference.state_dict())
    for layer in (model[0], model[2]):
        fully_shard(layer, mesh=mesh)
    fully_shard(model, mesh=mesh)
    # global batch: 2 ranks x 2 micro-batches x 4 samples
    x, y = torch.randn(16, 4), torch.randn(16, 2)
    micro = [(x[i : i + 4], y[i : i + 4]) for i in range(rank * 8, rank * 8 + 8, 4)]

    def step(sync_every_micro_batch, keep_unsharded=()):
        counts = []
        for i, (xb, yb) in enumerate(micro):
            last = i == len(micro) - 1
            # FSDP2's no_sync(): off for all but the last micro-batch
            model.set_requires_gradient_sync(last or sync_every_micro_batch)
            # keep the gathered parameters until the next forward: no re-gather
            model.set_reshard_after_backward(last or "backward" not in keep_unsharded)
            # ... and from forward to backward: no re-gather in backward either
            # (on the layers only: the root keeps its default, False)
            for layer in (model[0], model[2]):
                layer.set_reshard_after_forward(last or "forward" not in keep_unsharded)
            with profile() as forward:
                loss = nn.functional.mse_loss(model(xb), yb) / len(micro)
            with profile() as backward:
                loss.backward()
            gathers_f, gathers_b, scatters = (
                *collectives(forward)[:1],
                *collectives(backward),
            )
            counts.append((gathers_f, gathers_b, scatters))
            if i == 0 and rank == 0:
                w = model[0].weight  # the sharded DTensor, unless kept unsharded
                grad = None if w.grad is None else type(w.grad).__name__
                print("after micro-batch 0:", type(w).__name__, tuple(w.shape), grad)
                # > after micro-batch 0: DTensor (8, 4) None
                # > after micro-batch 0: DTensor (8, 4) DTensor
                # > after micro-batch 0: Parameter (8, 4) Tensor
                # > after micro-batch 0: Parameter (8, 4) Tensor
        full = model[0].weight.grad.full_tensor()  # a collective: every rank calls it
        model.zero_grad()
        return counts, torch.allclose(full, reference[0].weight.grad, atol=1e-6)

    nn.functional.mse_loss(reference(x), y).backward()  # the 16 samples at once
    runs = (
        (False, ()),
        (True, ()),
        (False, ("backward",)),
        (False, ("backward", "forward")),
    )
    for sync, keep in runs:
        counts, same = step(sync, keep)
        if rank == 0:
            # per micro-batch: (forward's all-gathers, backward's, reduce-scatters)
            label = "sync on" if sync else "sync off"
            kept = "bwd+fwd" if "forward" in keep else "bwd"  # no reshard after
            label = f"off, kept past {kept}" if keep else label
            print(f"{label}:", counts, "= 16 samples:", same)
            # > sync off: [(2, 2, 0), (2, 2, 2)] = 16 samples: True
            # > sync on: [(2, 2, 2), (2, 2, 2)] = 16 samples: True
            # > off, kept past bwd: [(2, 2, 0), (0, 2, 2)] = 16 samples: True
            # > off, kept past bwd+fwd: [(2, 0, 0), (0, 2, 2)] = 16 samples: True


def worker(rank, world_size, port):
    os.environ["MASTER_ADDR"], os.environ["MASTER_PORT"] = "127.0.0.1", str(port)
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
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
