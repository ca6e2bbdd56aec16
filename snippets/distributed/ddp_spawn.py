import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def worker(rank, world_size, port):
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(port)
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    t = torch.tensor([rank + 1.0])
    dist.all_reduce(t)
    if rank == 0:
        print(f"world={world_size} sum={t.item()}")
        # > world=2 sum=3.0
    dist.destroy_process_group()


if __name__ == "__main__":
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    mp.spawn(worker, args=(2, port), nprocs=2)
    print("done")
    # > done
