import torch
from torch import nn
from torch.autograd.graph import saved_tensors_hooks

torch.manual_seed(0)
cell = nn.RNNCell(8, 32)
xs = [torch.randn(4, 8) for _ in range(64)]  # 64 steps, batch 4
weights = {p.untyped_storage().data_ptr() for p in cell.parameters()}
saved = {}  # storage address -> bytes: each saved activation counted once


def pack(t):
    if t.untyped_storage().data_ptr() not in weights:  # weights exist anyway
        saved[t.untyped_storage().data_ptr()] = t.untyped_storage().nbytes()
    return t


def train(steps, k):  # backward every k steps; k == steps: full BPTT
    peak, h = 0, torch.zeros(4, 32)
    for start in range(0, steps, k):
        saved.clear()
        h = h.detach()  # cut the graph: nothing before this step is kept
        with saved_tensors_hooks(pack, lambda t: t):
            for x in xs[start : start + k]:
                h = cell(x, h)
        peak = max(peak, sum(saved.values()))
        h.pow(2).mean().backward()
    return peak


for steps in (16, 32, 64):
    print(f"full BPTT, {steps} steps: {train(steps, steps) / 1024:.1f} KiB saved")
    # > full BPTT, 16 steps: 10.5 KiB saved
    # > full BPTT, 32 steps: 20.5 KiB saved
    # > full BPTT, 64 steps: 40.5 KiB saved
print(f"truncated, k=16 of 64: {train(64, 16) / 1024:.1f} KiB saved")
# > truncated, k=16 of 64: 10.5 KiB saved


def detach_only(steps, k):  # detach every k steps, but one backward at the end
    saved.clear()
    h, loss = torch.zeros(4, 32), 0
    with saved_tensors_hooks(pack, lambda t: t):
        for i, x in enumerate(xs[:steps]):
            h = h.detach() if i % k == 0 else h
            h = cell(x, h)
            loss = loss + h.pow(2).mean() if (i + 1) % k == 0 else loss
    kept = sum(saved.values())
    loss.backward()
    return kept


print(f"detach only, k=16 of 64: {detach_only(64, 16) / 1024:.1f} KiB saved")
# > detach only, k=16 of 64: 40.5 KiB saved


# The price: the last chunk's loss sends no gradient to step 0
def grad_to_first_step(k):
    x0, h = xs[0].clone().requires_grad_(), torch.zeros(4, 32)
    for i, x in enumerate([x0, *xs[1:]]):
        h = h.detach() if i % k == 0 else h
        h = cell(x, h)
    return torch.autograd.grad(h.sum(), x0, allow_unused=True)[0] is not None


print(grad_to_first_step(64), grad_to_first_step(16))
# > True False
