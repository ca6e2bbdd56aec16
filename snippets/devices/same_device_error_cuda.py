import torch
from torch import nn

model = nn.Linear(3, 2).to("cuda")
x = torch.randn(4, 3)  # forgot .to("cuda")
try:
    model(x)
except RuntimeError as e:
    print(str(e)[:45])  # the common prefix of every form of the message
    # > Expected all tensors to be on the same device

print(model(x.to("cuda")).device)
# > cuda:0

# What CUDA accepts: a binary element-wise op takes one 0-dim CPU tensor as a scalar,
# and indexing moves CPU index tensors to the indexed tensor's device.
w = torch.ones(3, device="cuda")
print((w * torch.tensor(2.0)).device, w[torch.tensor([0, 2])].device)
# > cuda:0 cuda:0
# but not the same index through index_select (what nn.Embedding calls)
try:
    w.index_select(0, torch.tensor([0, 2]))
except RuntimeError as e:
    print(str(e)[:45])
    # > Expected all tensors to be on the same device

# The op runs on the first non-CPU operand's device, even with the CPU scalar first;
# two CPU scalars with a CUDA out= make a CUDA op, and the second is refused.
two = (torch.tensor(2.0), torch.tensor(3.0))
print(torch.mul(two[0], torch.tensor(3.0, device="cuda")).device)
# > cuda:0
try:
    torch.mul(*two, out=torch.empty((), device="cuda"))
except RuntimeError as e:
    print(e)
    # > Trying to pass too many CPU scalars to non-CPU kernel!
