import os
import tempfile

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset


def main():
    dist.init_process_group("gloo")  # "nccl" on GPUs; torchrun set the env vars
    rank, world = dist.get_rank(), dist.get_world_size()
    # on GPUs: device cuda:{LOCAL_RANK}, torch.cuda.set_device(it), backend "nccl"
    device = torch.device("cpu")
    torch.manual_seed(0)  # same data and same initial weights on every rank
    data = TensorDataset(torch.randn(16, 4), torch.randn(16, 1), torch.arange(16))
    sampler = DistributedSampler(data, shuffle=True)  # rank and world from the group
    loader = DataLoader(data, batch_size=4, sampler=sampler)  # no shuffle=True here
    model = nn.Linear(4, 1).to(device)
    reference = nn.Linear(4, 1)  # trained alone on the global batches, to compare
    reference.load_state_dict(model.state_dict())
    ddp = DDP(model)  # device_ids=[local_rank] on GPUs
    opt = torch.optim.SGD(ddp.parameters(), lr=0.1)
    ref_opt = torch.optim.SGD(reference.parameters(), lr=0.1)
    seen = []
    for epoch in range(2):
        sampler.set_epoch(epoch)  # a new permutation each epoch
        for x, y, idx in loader:
            opt.zero_grad()
            F.mse_loss(ddp(x), y).backward()  # all-reduce (average) of gradients
            opt.step()
            seen.append(idx.tolist())
            everyone = [None] * world  # the global batch, for the reference only
            dist.all_gather_object(everyone, idx)
            glob = torch.cat(everyone)
            ref_opt.zero_grad()
            F.mse_loss(
                reference(data.tensors[0][glob]), data.tensors[1][glob]
            ).backward()
            ref_opt.step()

    # checkpoint: one rank writes, everyone waits, everyone reads
    path = [tempfile.mkdtemp() if rank == 0 else None]
    dist.broadcast_object_list(path)  # every rank learns rank 0's folder
    path = os.path.join(path[0], "ckpt.pt")
    if rank == 0:
        state = {"model": ddp.module.state_dict(), "opt": opt.state_dict(), "epoch": 1}
        torch.save(state, path)
    dist.barrier()  # nobody loads before rank 0 has finished writing
    state = torch.load(path, map_location=device)  # not the saving rank's device
    restored = nn.Linear(4, 1)
    restored.load_state_dict(state["model"])  # no "module." prefix
    same = all(
        torch.equal(a, b)
        for a, b in zip(restored.parameters(), model.parameters(), strict=True)
    )
    close = all(
        torch.allclose(a, b, atol=1e-6)
        for a, b in zip(model.parameters(), reference.parameters(), strict=True)
    )
    report = [None] * world
    dist.all_gather_object(report, (seen, same, close))
    if rank == 0:
        (s0, *flags0), (s1, *flags1) = report
        print("rank 0, epoch 0:", s0[:2])
        # > rank 0, epoch 0: [[12, 9, 11, 13], [2, 15, 4, 7]]
        print("rank 1, epoch 0:", s1[:2])
        # > rank 1, epoch 0: [[10, 6, 8, 5], [14, 0, 3, 1]]
        print("rank 0, epoch 1:", s0[2:])  # another order: set_epoch
        # > rank 0, epoch 1: [[5, 6, 11, 7], [1, 9, 10, 13]]
        per_epoch = [sum(s0[i : i + 2] + s1[i : i + 2], []) for i in (0, 2)]
        print("distinct of 16 per epoch:", [len(set(e)) for e in per_epoch])
        # > distinct of 16 per epoch: [16, 16]
        print("loaded == trained, == one process (rank 0, 1):", flags0, flags1)
        # > loaded == trained, == one process (rank 0, 1): [True, True] [True, True]
        for drop in (False, True):  # 5 samples do not split evenly over 2 ranks
            parts = [
                list(DistributedSampler(range(5), 2, r, shuffle=False, drop_last=drop))
                for r in range(2)
            ]
            both = set(parts[0]) & set(parts[1])
            print(f"5 samples, drop_last={drop}:", parts, "on both:", both)
            # > 5 samples, drop_last=False: [[0, 2, 4], [1, 3, 0]] on both: {0}
            # > 5 samples, drop_last=True: [[0, 2], [1, 3]] on both: set()
        os.remove(path)
        os.rmdir(os.path.dirname(path))
    # every rank is done with its collectives before any closes its sockets
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
