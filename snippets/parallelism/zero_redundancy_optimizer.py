import gc

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.distributed.optim import ZeroRedundancyOptimizer
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo")
rank, world = dist.get_rank(), dist.get_world_size()
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(8, 8), nn.Linear(8, 8), nn.Linear(8, 2))
plain = nn.Sequential(nn.Linear(8, 8), nn.Linear(8, 8), nn.Linear(8, 2))
plain.load_state_dict(net.state_dict())
zero_model, plain_model = DDP(net), DDP(plain)
zero = ZeroRedundancyOptimizer(zero_model.parameters(), torch.optim.Adam, lr=0.01)
adam = torch.optim.Adam(plain_model.parameters(), lr=0.01)

torch.manual_seed(rank)  # each rank its own data
for _ in range(3):
    x = torch.randn(4, 8)
    for model, opt in ((zero_model, zero), (plain_model, adam)):
        opt.zero_grad()
        model(x).pow(2).mean().backward()
        opt.step()  # ZeRO: update my shard, then broadcast it to the other ranks


def state_numel(opt):
    return sum(t.numel() for s in opt.state.values() for t in s.values() if t.dim())


# ZeRO's .optim is the local Adam over this rank's parameters only
mine = (state_numel(zero.optim), state_numel(adam))
same = all(
    torch.equal(a, b) for a, b in zip(net.parameters(), plain.parameters(), strict=True)
)
report = [None] * world
dist.all_gather_object(report, (mine, same))
if rank == 0:
    print(
        "Adam state elements (ZeRO shard, plain Adam) per rank:", [r[0] for r in report]
    )
    # > Adam state elements (ZeRO shard, plain Adam) per rank: [(164, 324), (160, 324)]
    print("weights equal to DDP + Adam on each rank:", [r[1] for r in report])
    # > weights equal to DDP + Adam on each rank: [True, True]
# DDP and ZeRO hold the process group (DDP in a reference cycle): free them first
del zero_model, plain_model, zero
gc.collect()
# every rank is done with its collectives before any closes its sockets
dist.barrier()
dist.destroy_process_group()
