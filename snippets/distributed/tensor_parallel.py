import gc
import os
import socket

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn as nn
import torch.nn.functional as F
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor.debug import CommDebugMode
from torch.distributed.tensor.parallel import (
    ColwiseParallel,
    RowwiseParallel,
    parallelize_module,
)


class MLP(nn.Module):  # a transformer's feed-forward block
    def __init__(self):
        super().__init__()
        self.up = nn.Linear(8, 16)
        self.down = nn.Linear(16, 8)

    def forward(self, x):
        return self.down(torch.relu(self.up(x)))


class Attention(nn.Module):  # 4 heads of size 2; q, k and v project separately
    def __init__(self, dim=8, n_heads=4):
        super().__init__()
        self.n_heads = n_heads
        self.q, self.k, self.v = (nn.Linear(dim, dim) for _ in range(3))
        self.o = nn.Linear(dim, dim)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = (
            proj(x).view(b, t, self.n_heads, -1).transpose(1, 2)
            for proj in (self.q, self.k, self.v)
        )
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o(y.transpose(1, 2).reshape(b, t, -1))


def collectives(mode):
    return {str(op): n for op, n in mode.get_comm_counts().items()}


def train(rank, world_size):
    mesh = init_device_mesh("cpu", (world_size,))  # ("cuda", ...) on GPUs
    torch.manual_seed(0)
    reference = MLP()  # the unsharded model, to compare against
    model = MLP()
    model.load_state_dict(reference.state_dict())
    # up: split its output features (weight rows); down: its input features (columns)
    parallelize_module(
        model, mesh, {"up": ColwiseParallel(), "down": RowwiseParallel()}
    )
    up, down = model.up.weight, model.down.weight
    if rank == 0:
        print("up:  ", up.placements, tuple(up.to_local().shape), "of", tuple(up.shape))
        # > up:   (Shard(dim=0),) (8, 8) of (16, 8)
        print(
            "down:",
            down.placements,
            tuple(down.to_local().shape),
            "of",
            tuple(down.shape),
        )
        # > down: (Shard(dim=1),) (8, 8) of (8, 16)

    # every rank gets the SAME batch (TP splits the layer, not the data); it requires
    # grad here as the previous layer's activations would
    x = torch.randn(4, 8, requires_grad=True)
    with CommDebugMode() as fwd:
        out = model(x)
    with CommDebugMode() as bwd:
        out.sum().backward()
    x_ref = x.detach().requires_grad_()  # a copy, so the two backwards do not add up
    reference(x_ref).sum().backward()
    # every gradient, the input's too; full_tensor() is a collective: all ranks call it
    grads = {n: p.grad.full_tensor() for n, p in model.named_parameters()}
    expected = {n: p.grad for n, p in reference.named_parameters()}
    grads["x"], expected["x"] = x.grad, x_ref.grad
    if rank == 0:
        print(
            "output equals the unsharded model:",
            torch.allclose(out, reference(x), atol=1e-6),
        )
        # > output equals the unsharded model: True
        print("forward: ", collectives(fwd))  # sums the partial outputs of `down`
        # > forward:  {'c10d_functional.all_reduce': 1}
        print("backward:", collectives(bwd))  # sums the partial grads of x in `up`
        # > backward: {'c10d_functional.all_reduce': 1}
        equal = [n for n in grads if torch.allclose(grads[n], expected[n], atol=1e-6)]
        print("grads match:", equal)  # the unsharded model's
        # > grads match: ['up.weight', 'up.bias', 'down.weight', 'down.bias', 'x']

    # the trap: rank 1 feeds other data than rank 0; nothing checks it
    wrong = model(x if rank == 0 else torch.randn(4, 8))
    correct = torch.allclose(wrong, reference(x), atol=1e-6)
    if rank == 0:
        print("different inputs, output correct:", correct)
        # > different inputs, output correct: False

    # attention: q, k, v split by output features (whole heads), o by input features
    torch.manual_seed(1)
    reference = Attention()
    attn = Attention()
    attn.load_state_dict(reference.state_dict())
    plan = {name: ColwiseParallel() for name in ("q", "k", "v")}
    parallelize_module(attn, mesh, {**plan, "o": RowwiseParallel()})
    x = torch.randn(2, 5, 8, requires_grad=True)
    expected = reference(x)
    # each rank's q is (2, 5, 4): view(..., 4, -1) makes 4 heads of size 1
    correct = torch.allclose(attn(x), expected, atol=1e-6)
    if rank == 0:
        print("global n_heads kept, output correct:", correct)
        # > global n_heads kept, output correct: False
    attn.n_heads = reference.n_heads // world_size  # 2 local heads of size 2
    with CommDebugMode() as fwd:
        out = attn(x)
    with CommDebugMode() as bwd:
        out.sum().backward()
    correct = torch.allclose(out, expected, atol=1e-6)
    if rank == 0:
        print("local n_heads, output correct:", correct)
        # > local n_heads, output correct: True
        print("forward: ", collectives(fwd))  # sums the partial outputs of `o`
        # > forward:  {'c10d_functional.all_reduce': 1}
        print("backward:", collectives(bwd))  # x's grad, once per q, k, v
        # > backward: {'c10d_functional.all_reduce': 3}


def worker(rank, world_size, port):
    os.environ["MASTER_ADDR"], os.environ["MASTER_PORT"] = "127.0.0.1", str(port)
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    train(rank, world_size)
    # DTensor modules hold the process group in reference cycles: free them first
    gc.collect()
    # every rank is done with its collectives before any closes its sockets
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    mp.spawn(worker, args=(2, port), nprocs=2)
