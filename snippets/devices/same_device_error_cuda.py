import torch
from torch import nn

model = nn.Linear(3, 2).to("cuda")
x = torch.randn(4, 3)  # forgot .to("cuda")
try:
    model(x)
except RuntimeError as e:
    print(str(e).split(",")[0])
# > Expected all tensors to be on the same device

print(model(x.to("cuda")).device)
# > cuda:0

# The one exception: a 0-dim CPU tensor is treated as a scalar and may mix with CUDA
# tensors.
print((torch.ones(3, device="cuda") * torch.tensor(2.0)).device)
# > cuda:0
