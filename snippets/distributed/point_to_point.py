import os
import socket

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def ring_all_reduce(x, rank, world):
    """All-reduce from isend/irecv: a ring reduce-scatter, then a ring all-gather."""
    x = x.clone()
    chunks = list(x.chunk(world))  # views into x
    right, left = (rank + 1) % world, (rank - 1) % world
    sent = 0

    def exchange(send_i, recv_i):
        buf = torch.empty_like(chunks[recv_i])
        ops = [
            dist.P2POp(dist.isend, chunks[send_i], right),
            dist.P2POp(dist.irecv, buf, left),
        ]
        for work in dist.batch_isend_irecv(ops):  # one batch: no send/recv deadlock
            work.wait()
        return buf, chunks[send_i].numel()

    for step in range(world - 1):  # reduce-scatter: add what the left neighbour sends
        buf, n = exchange((rank - step) % world, (rank - step - 1) % world)
        chunks[(rank - step - 1) % world] += buf
        sent += n
    owned = chunks[(rank + 1) % world].clone()  # this rank's chunk of the full sum
    for step in range(world - 1):  # all-gather: pass the summed chunks around
        buf, n = exchange((rank + 1 - step) % world, (rank - step) % world)
        chunks[(rank - step) % world].copy_(buf)
        sent += n
    return x, owned, sent


def worker(rank, world, port):
    os.environ["MASTER_ADDR"], os.environ["MASTER_PORT"] = "127.0.0.1", str(port)
    dist.init_process_group("gloo", rank=rank, world_size=world)
    out = {}

    # blocking: send returns once the tensor is sent; recv once it has arrived
    if rank == 0:
        dist.send(torch.tensor([7.0, 8.0]), dst=1)
    else:
        t = torch.zeros(2)
        sender = dist.recv(t)  # no src: from any rank; it returns who sent
        out["recv from any"] = [sender, t.tolist()]

    # non-blocking: isend/irecv return a Work at once; the data is there after wait()
    mine, theirs = torch.tensor([10.0 * (rank + 1)]), torch.zeros(1)
    other = 1 - rank
    works = [dist.isend(mine, dst=other), dist.irecv(theirs, src=other)]
    for w in works:
        w.wait()
    out["isend/irecv swap"] = theirs.tolist()

    x = torch.arange(6.0) + 100 * rank  # rank 0: 0..5, rank 1: 100..105
    ring, owned, sent = ring_all_reduce(x, rank, world)
    ref = x.clone()
    dist.all_reduce(ref)
    out["after reduce-scatter"] = owned.tolist()
    out["ring == all_reduce"] = torch.equal(ring, ref)
    out["elements sent"] = [sent, 2 * (world - 1) * x.numel() // world]

    everyone = [None] * world
    dist.all_gather_object(everyone, out)
    if rank == 0:
        for key in everyone[1]:  # rank 1 has every key
            print(f"{key:20}", [o.get(key) for o in everyone])  # one entry per rank
            # > recv from any        [None, [0, [7.0, 8.0]]]
            # > isend/irecv swap     [[20.0], [10.0]]
            # > after reduce-scatter [[106.0, 108.0, 110.0], [100.0, 102.0, 104.0]]
            # > ring == all_reduce   [True, True]
            # > elements sent        [[6, 6], [6, 6]]
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    mp.spawn(worker, args=(2, port), nprocs=2)
