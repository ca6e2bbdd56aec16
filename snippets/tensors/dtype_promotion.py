import numpy as np
import torch

print(
    torch.tensor([1, 2]).dtype,
    torch.tensor([1.0]).dtype,
    torch.from_numpy(np.array([1.0])).dtype,
)
# > torch.int64 torch.float32 torch.float64

i = torch.tensor([5, -5])
print(i / 2)  # true division: int / int -> float
# > tensor([ 2.5000, -2.5000])
# // floors like Python; "trunc" rounds toward 0
print(i // 2, torch.div(i, 2, rounding_mode="trunc"))
# > tensor([ 2, -3]) tensor([ 2, -2])

print((i + 0.5).dtype)  # a Python float promotes ints to the default float dtype
# > torch.float32
half = torch.ones(2, dtype=torch.float16)
# scalars and 0-dim: no upcast
print((half * 2.5).dtype, (half + torch.tensor(1.0, dtype=torch.float64)).dtype)
# > torch.float16 torch.float16
# a dimensioned tensor of a wider type does upcast
print((half + torch.ones(2, dtype=torch.float64)).dtype)
# > torch.float64

try:
    i += 0.5  # in-place cannot change the dtype of i
except RuntimeError as e:
    print(e)
    # > result type Float can't be cast to the desired output type Long

correct = torch.tensor([1, 0, 1, 1]) == torch.tensor([1, 1, 1, 1])
print(correct.sum().dtype)  # bool sums to int64
# > torch.int64
try:
    correct.mean()  # accuracy the NumPy way
except RuntimeError as e:
    print(e)
    # > mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Bool
print(correct.float().mean().item())
# > 0.75

# wraps around silently
print(torch.tensor([200], dtype=torch.uint8) + torch.tensor([100], dtype=torch.uint8))
# > tensor([44], dtype=torch.uint8)
