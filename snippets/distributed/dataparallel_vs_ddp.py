import gc
import os
import socket

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn as nn
from torch.distributed.algorithms.ddp_comm_hooks.default_hooks import allreduce_hook
from torch.nn.parallel import DistributedDataParallel as DDP


def same_on_every_rank(t, world_size):
    copies = [torch.empty_like(t) for _ in range(world_size)]
    dist.all_gather(copies, t)
    return all(torch.equal(copies[0], c) for c in copies)


def record_buckets(ddp):
    """Log each bucket's first parameter and MiB as DDP all-reduces it."""
    names = {id(p): n for n, p in ddp.module.named_parameters()}
    log = []

    def hook(state, bucket):
        mib = bucket.buffer().numel() * bucket.buffer().element_size() / 2**20
        log.append((names[id(bucket.parameters()[0])], round(mib, 2)))
        return allreduce_hook(state, bucket)  # the default all-reduce, averaged

    ddp.register_comm_hook(None, hook)
    return log


class TwoHeads(nn.Module):
    def __init__(self):
        super().__init__()
        self.a, self.b = nn.Linear(4, 1), nn.Linear(4, 1)

    def forward(self, x, use_b=True):
        out = self.a(x)
        return out + self.b(x) if use_b else out  # a branch some steps skip


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
    # equal halves with a mean loss, a sum loss, then unequal parts (2 and 6 rows)
    for reduction, sizes in (("mean", (4, 4)), ("sum", (4, 4)), ("mean", (2, 6))):
        start = sum(sizes[:rank])
        rows = slice(start, start + sizes[rank])  # each rank sees only its part
        ddp.zero_grad()
        reference.zero_grad()
        loss = nn.functional.mse_loss(ddp(x[rows]), y[rows], reduction=reduction)
        loss.backward()  # all-reduces the grads and divides by world_size
        local = model.weight.grad
        same = same_on_every_rank(local, world_size)
        # the full batch in one process
        nn.functional.mse_loss(reference(x), y, reduction=reduction).backward()
        full = reference.weight.grad
        if rank == 0:
            equal = torch.allclose(local, full, atol=1e-6)
            half = torch.allclose(local, full / 2, atol=1e-6)
            print(
                f"{reduction:4} {sizes}: ranks agree: {same} |",
                f"full-batch grad: {equal} | half: {half}",
            )
            # > mean (4, 4): ranks agree: True | full-batch grad: True | half: False
            # > sum  (4, 4): ranks agree: True | full-batch grad: False | half: True
            # > mean (2, 6): ranks agree: True | full-batch grad: False | half: False

    # where the 1 MiB bucket goes: three 1 MiB layers, the default cap
    for kwargs in ({}, {"find_unused_parameters": True}):
        mlp = DDP(nn.Sequential(*(nn.Linear(512, 512) for _ in range(3))), **kwargs)
        log = record_buckets(mlp)
        for _ in range(2):  # the layout is rebuilt after step 1 (not with kwargs)
            log.clear()
            mlp(torch.randn(2, 512)).sum().backward()
        if rank == 0:
            label = "find_unused_parameters=True" if kwargs else "default"
            print(f"{label}:", log)  # step 2, bucket by bucket
            # > default: [('2.bias', 1.0), ('1.bias', 2.0)]
            # > find_unused_parameters=True: [('0.bias', 2.01), ('0.weight', 1.0)]

    # a parameter that gets no gradient in a step: its bucket never fills, and
    # no gradient is averaged, a's neither, though a has buckets of its own
    mine = x[rank * 4 : rank * 4 + 4]  # a different half on each rank
    heads = DDP(TwoHeads(), bucket_cap_mb=1e-6)  # 1 byte: a bucket per parameter
    log = record_buckets(heads)
    heads(mine).sum().backward()  # step 1 uses b; the buckets are rebuilt after it
    first = len(log)  # buckets in step 1
    used = same_on_every_rank(heads.module.a.weight.grad, world_size)
    log.clear()
    heads.zero_grad()
    heads(mine).sum().backward()  # step 2 uses b too: the rebuilt layout
    rebuilt = [name for name, _ in log]  # one parameter each
    log.clear()
    heads.zero_grad()
    heads(mine, use_b=False).sum().backward()  # step 3 skips b
    synced = same_on_every_rank(heads.module.a.weight.grad, world_size)
    skipped = list(log)  # the buckets all-reduced in step 3
    try:
        heads(mine)  # the next forward finds the last reduction unfinished
    except RuntimeError as e:
        error = str(e).split(" before")[0]
    fixed = DDP(TwoHeads(), find_unused_parameters=True)  # a graph walk per step
    fixed(mine, use_b=False).sum().backward()
    fixed_synced = same_on_every_rank(fixed.module.a.weight.grad, world_size)
    if rank == 0:
        print("buckets, step 1:", first, "| step 2:", rebuilt)
        # > buckets, step 1: 1 | step 2: ['b.bias', 'b.weight', 'a.bias', 'a.weight']
        print("a's grad averaged, b used:", used, "| b skipped:", synced)
        # > a's grad averaged, b used: True | b skipped: False
        print("buckets all-reduced with b skipped:", skipped)
        # > buckets all-reduced with b skipped: []
        print(error)
        # > Expected to have finished reduction in the prior iteration
        print("find_unused_parameters=True, a's grad averaged:", fixed_synced)
        # > find_unused_parameters=True, a's grad averaged: True


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
