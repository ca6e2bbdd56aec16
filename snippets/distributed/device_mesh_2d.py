import gc
import os
import socket
import textwrap

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn as nn
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.fsdp import fully_shard
from torch.distributed.tensor.parallel import (
    ColwiseParallel,
    RowwiseParallel,
    parallelize_module,
)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = nn.Linear(8, 16)  # the feed-forward block: tensor parallel
        self.down = nn.Linear(16, 8)
        self.head = nn.Linear(8, 2)  # not split by TP, only sharded by FSDP

    def forward(self, x):
        return self.head(self.down(torch.relu(self.up(x))))


def train(rank, world_size):
    # 4 processes = 2 data-parallel groups x 2 tensor-parallel ranks
    # on GPUs: ("cuda", (nodes, gpus_per_node)), TP inside a node over NVLink
    mesh = init_device_mesh("cpu", (2, 2), mesh_dim_names=("dp", "tp"))
    torch.manual_seed(0)
    reference = Net()
    model = Net()
    model.load_state_dict(reference.state_dict())
    plan = {"up": ColwiseParallel(), "down": RowwiseParallel()}
    parallelize_module(model, mesh["tp"], plan)  # first TP, on the "tp" dimension
    fully_shard(model, mesh=mesh["dp"])  # then FSDP, on the "dp" dimension

    up, head = model.up.weight, model.head.weight
    shapes = [None] * world_size
    local = tuple(up.to_local().shape), tuple(head.to_local().shape)
    dist.all_gather_object(shapes, local)
    if rank == 0:
        print(mesh)
        # > DeviceMesh((dp=2, tp=2), 'cpu', stride=(2, 1))
        # rank 0 shares its layer slices with rank 1, its batch split with rank 2
        print(
            "rank 0: tp peers",
            mesh["tp"].mesh.tolist(),
            "dp peers",
            mesh["dp"].mesh.tolist(),
        )
        # > rank 0: tp peers [0, 1] dp peers [0, 2]
        # TP, then FSDP: a quarter of up.weight; FSDP alone: half of head.weight
        print("up.weight", tuple(up.shape), "local:", [s[0] for s in shapes])
        # > up.weight (16, 8) local: [(4, 8), (4, 8), (4, 8), (4, 8)]
        print("head.weight", tuple(head.shape), "local:", [s[1] for s in shapes])
        # > head.weight (2, 8) local: [(1, 8), (1, 8), (1, 8), (1, 8)]

    x, y = torch.randn(8, 8), torch.randn(8, 2)  # the same global batch everywhere
    dp = mesh.get_coordinate()[0]
    rows = slice(dp * 4, dp * 4 + 4)  # split by dp group; both tp peers get the same
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    nn.functional.mse_loss(model(x[rows]), y[rows]).backward()
    optimizer.step()

    single = torch.optim.SGD(reference.parameters(), lr=0.1)
    nn.functional.mse_loss(reference(x), y).backward()  # one process, whole batch
    single.step()
    with torch.no_grad():
        same = torch.allclose(model(x), reference(x), atol=1e-6)
    flags = [None] * world_size
    dist.all_gather_object(flags, same)
    if rank == 0:
        print("after one step, equals single-process training:", flags)
        # > after one step, equals single-process training: [True, True, True, True]

    # the other order: TP then finds FSDP's DTensors, on the other mesh dimension
    wrong = Net()
    fully_shard(wrong, mesh=mesh["dp"])
    try:
        parallelize_module(wrong, mesh["tp"], plan)
    except ValueError as e:
        if rank == 0:
            print(textwrap.fill(str(e), 72))
            # > Cannot distribute a DTensor with device mesh DeviceMesh((dp=2), 'cpu',
            # > stride=(2,)) to a different device mesh DeviceMesh((tp=2), 'cpu',
            # > stride=(1,)).


def worker(rank, world_size, port):
    os.environ["MASTER_ADDR"], os.environ["MASTER_PORT"] = "127.0.0.1", str(port)
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    train(rank, world_size)
    # FSDP and DTensor modules hold the process group in reference cycles
    gc.collect()
    # every rank is done with its collectives before any closes its sockets
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    mp.spawn(worker, args=(4, port), nprocs=4)
