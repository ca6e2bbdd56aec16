import weakref

import torch
import torch.nn.functional as F
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_leaves
from torch.utils.checkpoint import checkpoint


class Watch(TorchDispatchMode):  # sees every tensor an op creates, fwd and bwd
    def __init__(self, V, skip):
        super().__init__()
        self.V, self.skip, self.largest, self.peak, self.wide = V, skip, 0, 0, []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        for t in tree_leaves(out):
            if isinstance(t, torch.Tensor):
                self.largest = max(self.largest, t.numel())
                if t.dim() == 2 and t.shape[1] == self.V:  # a block of logit rows
                    self.wide.append(weakref.ref(t))
        self.peak = max(self.peak, self.rows_alive())  # V-wide rows alive after op
        return out

    def rows_alive(self):  # V-wide rows still held (by the graph or the running op)
        alive = {}  # one entry per storage: views and aliases count once
        for ref in self.wide:
            t = ref()
            if t is not None and t.untyped_storage().data_ptr() != self.skip:
                alive[t.untyped_storage().data_ptr()] = t.shape[0]
        return sum(alive.values())


def ce_sum(h, w, y):
    return F.cross_entropy(h @ w.T, y, reduction="sum")


def chunked_ce(h, w, y, chunk=64, recompute=True):  # chunk x V logits at a time
    total = 0
    for i in range(0, len(y), chunk):
        part = h[i : i + chunk], w, y[i : i + chunk]
        if recompute:  # keep only the inputs; rebuild the chunk's logits in backward
            total = total + checkpoint(ce_sum, *part, use_reentrant=False)
        else:
            total = total + ce_sum(*part)
    return total / len(y)


torch.manual_seed(0)
N, d, V = 512, 32, 8000  # N = B * T positions
h = torch.randn(N, d, requires_grad=True)  # final hidden states
w = (torch.randn(V, d) * 0.02).requires_grad_()  # output matrix (tied or not)
y = torch.randint(0, V, (N,))

results = {}
for name, loss_fn in [
    ("full", lambda: ce_sum(h, w, y) / N),
    ("chunks", lambda: chunked_ce(h, w, y, recompute=False)),
    ("chunks+checkpoint", lambda: chunked_ce(h, w, y)),
]:
    with Watch(V, skip=w.untyped_storage().data_ptr()) as watch:  # w.T is V-wide
        loss = loss_fn()
        kept = watch.rows_alive()  # what the forward left for the backward
        results[name] = (loss, *torch.autograd.grad(loss, (h, w)))
    rows = f"kept {kept}, peak {watch.peak}, largest {watch.largest // V}"
    print(f"{name}: loss {loss.item():.4f}, rows of V: {rows}")
    # > full: loss 8.9949, rows of V: kept 512, peak 1536, largest 512
    # > chunks: loss 8.9949, rows of V: kept 512, peak 640, largest 64
    # > chunks+checkpoint: loss 8.9949, rows of V: kept 0, peak 192, largest 64
# torch 2.13's own: chunked over the batch, gradients computed in the forward
opts = torch.nn.LinearCrossEntropyOptions(batch_chunk_size=64)
with Watch(V, skip=w.untyped_storage().data_ptr()) as watch:
    loss = F.linear_cross_entropy(h, w, y, options=opts)
    kept = watch.rows_alive()  # the op runs as one custom op: its chunks are unseen
    results["linear_cross_entropy"] = (loss, *torch.autograd.grad(loss, (h, w)))
print(f"linear_cross_entropy: loss {loss.item():.4f}, rows of V kept {kept}")
# > linear_cross_entropy: loss 8.9949, rows of V kept 0
try:  # its backward hands over the gradients the forward made, once
    torch.autograd.grad(loss, (h, w))
except RuntimeError as e:
    print(str(e).split(";")[0])
    # > linear_cross_entropy chunked backward called twice
full = results["full"]
same = [
    torch.allclose(a, b, atol=1e-7)
    for r in results.values()
    for a, b in zip(r, full, strict=True)
]
print(all(same))  # every loss and gradient equals the full computation's
# > True

# Rare tokens: an input row gets a gradient only if its token is in the batch
emb, head = torch.nn.Embedding(V, d), torch.nn.Linear(d, V, bias=False)
x = torch.randint(0, V // 2, (N,))  # ids V/2 .. V-1 never occur
F.cross_entropy(head(emb(x)), x).backward()
rows_in = int((emb.weight.grad.abs().sum(1) > 0).sum())
rows_out = int((head.weight.grad.abs().sum(1) > 0).sum())
seen = x.unique().numel()  # distinct ids in the batch
print(f"rows with a gradient: input {rows_in} (ids seen {seen}), output {rows_out}")
# > rows with a gradient: input 484 (ids seen 484), output 8000

# Share of forward FLOPs in the output layer, 2dV of 2(12 L d^2 + dV) per token
for L, dm in [(12, 768), (32, 4096)]:  # attention's context term left out
    shares = [dm * v / (12 * L * dm**2 + dm * v) for v in (32_000, 128_000)]
    print(f"L={L} d={dm}, V=32K and 128K:", [f"{s:.0%}" for s in shares])
    # > L=12 d=768, V=32K and 128K: ['22%', '54%']
    # > L=32 d=4096, V=32K and 128K: ['2%', '8%']
