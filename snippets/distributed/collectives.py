import os
import re
import socket
import warnings

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def worker(rank, world_size, port):
    os.environ["MASTER_ADDR"], os.environ["MASTER_PORT"] = "127.0.0.1", str(port)
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    mine = torch.tensor([1.0, 2.0]) + 10 * rank  # rank 0: [1, 2], rank 1: [11, 12]
    results = {"input": mine}

    t = mine.clone()
    # everyone gets the sum (DDP: gradient buckets, then / world_size)
    dist.all_reduce(t, op=dist.ReduceOp.SUM)
    results["all_reduce"] = t

    t = mine.clone()
    # everyone gets rank 0's copy (DDP: initial weights and buffers)
    dist.broadcast(t, src=0)
    results["broadcast"] = t

    t = torch.empty(2 * world_size)
    # everyone gets every shard, concatenated (FSDP: parameters before use);
    # all_gather(list, mine) fills a list with them instead
    dist.all_gather_single(t, mine)
    results["all_gather_single"] = t

    shard = torch.empty(1)
    # sum, then rank r keeps chunk r only (FSDP: gradients)
    dist.reduce_scatter_single(shard, mine)
    results["reduce_scatter_single"] = shard

    t = torch.empty(world_size)
    dist.all_gather_single(t, shard)  # reduce_scatter + all_gather == all_reduce
    results["rs + all_gather"] = t

    t = torch.empty(2)
    # rank r sends chunk j of its tensor to rank j (MoE: tokens to their experts)
    dist.all_to_all_single(t, mine)
    results["all_to_all_single"] = t

    # the trap: collectives pair up by call order, not by variable or line
    if rank == 0:
        dist.all_reduce(torch.tensor([100.0]))  # rank 1 skips this call...
    b = torch.tensor([1.0 + rank])  # 1 + 2 = 3 expected
    dist.all_reduce(b)  # ...so its call here pairs with rank 0's extra one
    if rank == 1:
        dist.all_reduce(torch.tensor([1000.0]))  # without it, rank 0 would hang here
    results["b, after a skip"] = b

    # TORCH_DISTRIBUTED_DEBUG=DETAIL (or this call, before the group is created)
    # wraps the group's calls in a check: the same collective, the same shapes
    dist.set_debug_level(dist.DebugLevel.DETAIL)
    checked = dist.new_group()
    try:
        dist.all_reduce(torch.ones(1 + rank), group=checked)  # 1 element vs 2
    except RuntimeError as e:
        shapes = re.findall(r"TensorShape=(\[\d+\])", str(e))
        mismatch = f"{str(e).split('. ')[0]}: {shapes[0]} vs {shapes[1]}"
    if rank == 0:  # the same skip, same shapes: the check passes it
        dist.all_reduce(torch.tensor([100.0]), group=checked)
    c = torch.tensor([1.0 + rank])
    dist.all_reduce(c, group=checked)
    if rank == 1:
        dist.all_reduce(torch.tensor([1000.0]), group=checked)
    results["c, checked skip"] = c

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        # the name most tutorials still use
        dist.all_gather_into_tensor(torch.empty(2 * world_size), mine)

    everyone, errors = [None] * world_size, [None] * world_size
    # to print from rank 0
    dist.all_gather_object(everyone, {name: t.tolist() for name, t in results.items()})
    dist.all_gather_object(errors, mismatch)
    if rank == 0:
        for name in results:
            print(f"{name:21}", [r[name] for r in everyone])  # one entry per rank
            # > input                 [[1.0, 2.0], [11.0, 12.0]]
            # > all_reduce            [[12.0, 14.0], [12.0, 14.0]]
            # > broadcast             [[1.0, 2.0], [1.0, 2.0]]
            # > all_gather_single     [[1.0, 2.0, 11.0, 12.0], [1.0, 2.0, 11.0, 12.0]]
            # > reduce_scatter_single [[12.0], [14.0]]
            # > rs + all_gather       [[12.0, 14.0], [12.0, 14.0]]
            # > all_to_all_single     [[1.0, 11.0], [2.0, 12.0]]
            # > b, after a skip       [[1001.0], [102.0]]
            # > c, checked skip       [[1001.0], [102.0]]
        for r, message in enumerate(errors):
            print(f"rank {r}:", message)  # raised on both ranks
            # > rank 0: Detected mismatch between collectives on ranks: [1] vs [2]
            # > rank 1: Detected mismatch between collectives on ranks: [2] vs [1]
        print(caught[0].category.__name__, str(caught[0].message).split(". ")[0])
        # > FutureWarning `torch.distributed.all_gather_into_tensor` is deprecated
    # every rank is done with its collectives before any closes its sockets
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    mp.spawn(worker, args=(2, port), nprocs=2)
