import torch
from torch import nn

model = nn.Linear(3, 2)  # float32 parameters on the CPU

# On a CPU-only machine the same mistake shows up as a dtype mismatch: float64 input,
# float32 weights.
x = torch.randn(4, 3, dtype=torch.float64)
try:
    model(x)
except RuntimeError as e:
    print(e)
    # > mat1 and mat2 must have the same dtype, but got Double and Float
try:
    torch.randn(2, 3) @ torch.randn(3, 2, dtype=torch.float64)
except RuntimeError as e:
    print(e)
    # > expected m1 and m2 to have the same dtype, but got: float != double

# And as a device mismatch with the meta device (shapes only, no data), which exists on
# every build.
try:
    model(torch.empty(4, 3, device="meta"))
except RuntimeError as e:
    print(e)
    # > Tensor on device cpu is not on the expected device meta!

# The two exceptions, with meta standing in for CUDA: a 0-dim CPU tensor
# acts as a scalar, and CPU index tensors are moved to the indexed tensor's device.
w = torch.zeros(5, device="meta")
print((w * torch.tensor(2.0)).device, w[torch.tensor([0, 2])].device)
# > meta meta
try:
    w + torch.ones(5)  # any other CPU tensor is refused
except RuntimeError as e:
    print(e)
    # > Tensor on device cpu is not on the expected device meta!

# The fix is the same for all of them: bring the input to the parameters.
p = next(model.parameters())
print(model(x.to(device=p.device, dtype=p.dtype)).shape)
# > torch.Size([4, 2])
