import torch
import torch.nn as nn
from torch.nn.utils import prune

torch.manual_seed(0)
torch.set_default_dtype(torch.float64)
d, rank = 256, 32
# a "trained" layer: a decaying spectrum, as trained weights have
u, _ = torch.linalg.qr(torch.randn(d, d))
v, _ = torch.linalg.qr(torch.randn(d, d))
teacher = nn.Linear(d, d)
with torch.no_grad():
    teacher.weight.copy_(u @ torch.diag(torch.exp(-torch.arange(d) / 40.0)) @ v.T)
# inputs live mostly in a 24-dimensional subspace
basis = torch.randn(d, 24)


def data(n):
    return torch.randn(n, 24) @ basis.T + 0.1 * torch.randn(n, d)


x_test = data(2000)


def report(name, layer, nbytes, x=x_test):
    y = teacher(x).detach()
    err = (layer(x) - y).norm() / y.norm()
    print(f"{name:<22} {nbytes / 1024:6.1f} KiB  rel. error {err.item():.3f}")
    # > dense fp32              257.0 KiB  rel. error 0.000
    # > pruned 75%, dense       257.0 KiB  rel. error 0.523
    # > pruned 75%, CSR         195.0 KiB  rel. error 0.523
    # > int8 per row             66.0 KiB  rel. error 0.007
    # > SVD rank 32              65.0 KiB  rel. error 0.438
    # > distilled rank 32        65.0 KiB  rel. error 0.049
    # > SVD rank 32, iso         65.0 KiB  rel. error 0.445
    # > distilled, iso           65.0 KiB  rel. error 1.287


fp32 = (d * d + d) * 4
report("dense fp32", teacher, fp32)

pruned = nn.Linear(d, d)
pruned.load_state_dict(teacher.state_dict())
prune.l1_unstructured(pruned, "weight", amount=0.75)
prune.remove(pruned, "weight")
nnz = int((pruned.weight != 0).sum())
print("nonzero weights:", nnz, "of", d * d)
# > nonzero weights: 16384 of 65536
report("pruned 75%, dense", pruned, fp32)
# CSR: a float32 value and an int64 column index per nonzero, d + 1 row pointers
report("pruned 75%, CSR", pruned, nnz * (4 + 8) + (d + 1) * 8 + d * 4)

w = teacher.weight.detach()
scale = w.abs().amax(dim=1, keepdim=True) / 127  # one scale per output row
w_int8 = torch.round(w / scale).clamp(-127, 127).to(torch.int8)
quant = nn.Linear(d, d)
quant.load_state_dict(teacher.state_dict())
with torch.no_grad():
    quant.weight.copy_(w_int8 * scale)  # what a weight-only int8 kernel computes
report("int8 per row", quant, d * d + d * 4 + d * 4)

uu, s, vh = torch.linalg.svd(w)
low = nn.Sequential(nn.Linear(d, rank, bias=False), nn.Linear(rank, d))
with torch.no_grad():
    low[0].weight.copy_(torch.diag(s[:rank]) @ vh[:rank])
    low[1].weight.copy_(uu[:, :rank])
    low[1].bias.copy_(teacher.bias)
lr_bytes = (2 * d * rank + d) * 4
report(f"SVD rank {rank}", low, lr_bytes)

student = nn.Sequential(nn.Linear(d, rank, bias=False), nn.Linear(rank, d))
opt = torch.optim.Adam(student.parameters(), lr=1e-2)
for _ in range(300):  # distill: match the teacher's outputs on the data
    x = data(256)
    loss = (student(x) - teacher(x).detach()).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
report(f"distilled rank {rank}", student, lr_bytes)
# off the data's subspace, the student was never taught
x_iso = torch.randn(2000, d)
report(f"SVD rank {rank}, iso", low, lr_bytes, x_iso)
report("distilled, iso", student, lr_bytes, x_iso)
