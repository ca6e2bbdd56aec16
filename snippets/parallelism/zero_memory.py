import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Linear(1000, 1000).to(torch.bfloat16)  # the half-precision weights
n = sum(p.numel() for p in model.parameters())
master = [p.detach().float().requires_grad_() for p in model.parameters()]
opt = torch.optim.Adam(master)
model(torch.randn(4, 1000, dtype=torch.bfloat16)).sum().backward()
for m, p in zip(master, model.parameters(), strict=True):
    m.grad = p.grad.float()  # grads copied up to the fp32 master weights
opt.step()


def nbytes(ts):
    return sum(t.numel() * t.element_size() for t in ts)


parts = {
    "bf16 params": nbytes(model.parameters()),
    "bf16 grads": nbytes(p.grad for p in model.parameters()),
    "fp32 master": nbytes(master),
    "adam m and v": nbytes(
        t for s in opt.state.values() for t in s.values() if t.dim()
    ),
}
for k, v in parts.items():
    print(f"{k:13s} {v / n:.0f} bytes/param")
    # > bf16 params   2 bytes/param
    # > bf16 grads    2 bytes/param
    # > fp32 master   4 bytes/param
    # > adam m and v  8 bytes/param
total = sum(parts.values()) / n
print("total", total, "bytes/param")
# > total 16.0 bytes/param

w, g = parts["bf16 params"] / n, parts["bf16 grads"] / n
k = (parts["fp32 master"] + parts["adam m and v"]) / n  # optimizer state
N = 8  # ranks: each stage shards one more part over them, the rest is replicated
print("DDP    ", w + g + k)
# > DDP     16.0
print("ZeRO-1 ", w + g + k / N)  # optimizer state
# > ZeRO-1  5.5
print("ZeRO-2 ", w + (g + k) / N)  # + gradients
# > ZeRO-2  3.75
print("ZeRO-3 ", (w + g + k) / N)  # + parameters (FSDP)
# > ZeRO-3  2.0

# torch.autocast keeps the model in fp32: fp32 weights and gradients, no master copy
model32 = nn.Linear(1000, 1000)
opt32 = torch.optim.Adam(model32.parameters())
with torch.autocast("cpu", dtype=torch.bfloat16):
    out = model32(torch.randn(4, 1000))  # the matmul runs in bf16
out.float().sum().backward()
opt32.step()
w = nbytes(model32.parameters()) / n
g = nbytes(p.grad for p in model32.parameters()) / n
k = nbytes(t for s in opt32.state.values() for t in s.values() if t.dim()) / n
print("autocast: weights", w, "grads", g, "adam", k, "total", w + g + k)
# > autocast: weights 4.0 grads 4.0 adam 8.0 total 16.0
print("autocast ZeRO-1", w + g + k / N, "ZeRO-2", w + (g + k) / N)
# > autocast ZeRO-1 9.0 ZeRO-2 5.5
