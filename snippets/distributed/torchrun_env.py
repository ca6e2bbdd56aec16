import os

import torch
import torch.distributed as dist

# torchrun sets these in every process it starts
rank = int(os.environ["RANK"])  # global index of this process: 0 .. WORLD_SIZE-1
local_rank = int(os.environ["LOCAL_RANK"])  # index on this machine: the GPU to use
world_size = int(os.environ["WORLD_SIZE"])  # processes on all machines together

# no arguments: the env:// defaults read RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT
dist.init_process_group("gloo")
# model.to(device), batches too
device = torch.device(f"cuda:{local_rank}" if torch.cuda.is_available() else "cpu")

seen = [None] * world_size
dist.all_gather_object(seen, (rank, local_rank, dist.get_rank(), dist.get_world_size()))
if rank == 0:
    print("(RANK, LOCAL_RANK, get_rank(), get_world_size()):", seen)
    # > (RANK, LOCAL_RANK, get_rank(), get_world_size()): [(0, 0, 0, 2), (1, 1, 1, 2)]
    names = [
        "RANK",
        "LOCAL_RANK",
        "WORLD_SIZE",
        "LOCAL_WORLD_SIZE",
        "MASTER_ADDR",
        "MASTER_PORT",
    ]
    print("set by torchrun:", all(n in os.environ for n in names))
    # > set by torchrun: True
    print("backend:", dist.get_backend())
    # > backend: gloo
    # restarts allowed: --max-restarts, 0 unless you pass it
    print("max restarts:", os.environ["TORCHELASTIC_MAX_RESTARTS"])
    # > max restarts: 0
    # MASTER_ADDR:MASTER_PORT is a store that node 0's torchrun agent hosts (under
    # --standalone, c10d: opened after the rendezvous; under static: --master-port),
    # and every rank, rank 0 included, connects to it as a client
    print("agent hosts the store:", os.environ["TORCHELASTIC_USE_AGENT_STORE"])
    # > agent hosts the store: True
# every rank is done with its collectives before any closes its sockets
dist.barrier()
dist.destroy_process_group()
