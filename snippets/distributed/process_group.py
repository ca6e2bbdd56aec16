import os
import socket
import textwrap
import warnings

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def worker(rank, world_size, port):
    os.environ["MASTER_ADDR"], os.environ["MASTER_PORT"] = "127.0.0.1", str(port)
    # the default group ("WORLD"): every process of the job, ranks 0..world_size-1
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    seen = {"world": (dist.get_rank(), dist.get_world_size())}
    seen["config"] = dist.get_backend_config()  # which backend serves which device

    # every rank must call new_group, members or not, in the same order
    solo = dist.new_group(ranks=[1])
    seen["rank in solo"] = dist.get_rank(solo)  # -1: not a member
    t = torch.tensor([1.0 + rank])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        dist.all_reduce(t, group=solo)  # only the group's members communicate
    seen["solo all_reduce"] = t.item()  # a sum over the members only
    seen["warnings"] = len(caught)

    pair = dist.new_group(ranks=[0, 1])  # a second communicator over the same ranks
    u = torch.tensor([1.0 + rank])
    dist.all_reduce(u, group=pair)
    seen["pair all_reduce"] = u.item()
    # each group is named by a per-process counter (solo took "1" on rank 0
    # too) and rendezvouses under that name: WORLD and pair do not share one
    seen["group names"] = (dist.group.WORLD.group_name, pair.group_name)
    if rank == 1:  # group ranks are not global ranks: global 1 is rank 0 in solo
        seen["solo rank of 1"] = dist.get_group_rank(solo, 1)

    # a group whose backend serves CUDA tensors only, as "nccl" does
    cuda_only = dist.new_group(backend="cuda:gloo")
    try:
        dist.all_reduce(torch.ones(1), group=cuda_only)  # a CPU tensor
    except RuntimeError as e:
        error = str(e).splitlines()[0]

    everyone = [None] * world_size
    dist.all_gather_object(everyone, seen)
    if rank == 0:
        for key in everyone[1]:
            print(f"{key:15}", [s.get(key) for s in everyone])  # one entry per rank
            # > world           [(0, 2), (1, 2)]
            # > config          ['cpu:gloo,cuda:gloo', 'cpu:gloo,cuda:gloo']
            # > rank in solo    [-1, 0]
            # > solo all_reduce [1.0, 2.0]
            # > warnings        [1, 0]
            # > pair all_reduce [3.0, 3.0]
            # > group names     [('0', '2'), ('0', '2')]
            # > solo rank of 1  [None, 0]
        print(textwrap.fill(str(caught[0].message), 60))  # rank 0, not in solo
        # > Running all_reduce on global rank 0 which does not belong to
        # > the given group.
        print(error)
        # > No backend type associated with device type cpu
    dist.barrier()  # every rank is done before any closes its sockets
    dist.destroy_process_group()


if __name__ == "__main__":
    # what each backend name serves: NCCL is CUDA only, Gloo serves CPU and CUDA
    for name in ("nccl", "gloo", "cpu:gloo,cuda:nccl"):
        print(f"{name:18} -> {dist.BackendConfig(dist.Backend(name))}")
        # > nccl               -> cuda:nccl
        # > gloo               -> cpu:gloo,cuda:gloo
        # > cpu:gloo,cuda:nccl -> cpu:gloo,cuda:nccl
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    mp.spawn(worker, args=(2, port), nprocs=2)
