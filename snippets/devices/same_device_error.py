import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence

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

# An element-wise op refuses a CPU operand on meta as on CUDA.
w = torch.zeros(5, device="meta")
try:
    w + torch.ones(5)
except RuntimeError as e:
    print(e)
    # > Tensor on device cpu is not on the expected device meta!
# But meta checks less than CUDA: it takes a CPU index in index_select (the lookup
# nn.Embedding does), which CUDA refuses. Which mixes CUDA accepts: the CUDA block.
print(w.index_select(0, torch.tensor([0, 2])).device)
# > meta

# The reverse case: an argument that must be on the CPU whatever the input's device.
padded = torch.zeros(2, 3, 1, device="meta")  # a padded batch of two sequences
print(pack_padded_sequence(padded, torch.tensor([3, 2]), batch_first=True).data.device)
# > meta
try:
    pack_padded_sequence(padded, torch.tensor([3, 2], device="meta"), batch_first=True)
except RuntimeError as e:
    print(e)
    # > 'lengths' argument should be a 1D CPU int64 tensor, but got 1D meta Long tensor

# The fix is the same for all of them: bring the input to the parameters.
p = next(model.parameters())
print(model(x.to(device=p.device, dtype=p.dtype)).shape)
# > torch.Size([4, 2])
