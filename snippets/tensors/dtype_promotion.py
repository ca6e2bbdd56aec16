import textwrap

import numpy as np
import torch

print(
    torch.tensor([1, 2]).dtype,
    torch.tensor([1.0]).dtype,
    torch.from_numpy(np.array([1.0])).dtype,  # NumPy's default float is float64
)
# > torch.int64 torch.float32 torch.float64
# a NumPy array or scalar keeps its dtype: float32 stays float32
print(torch.from_numpy(np.ones(2, np.float32)).dtype, torch.tensor(np.float32(1)).dtype)
# > torch.float32 torch.float32

i = torch.tensor([5, -5])
print(i / 2)  # true division: int / int -> float
# > tensor([ 2.5000, -2.5000])
# // floors like Python; "trunc" rounds toward 0
print(i // 2, torch.div(i, 2, rounding_mode="trunc"))
# > tensor([ 2, -3]) tensor([ 2, -2])

# A higher category wins: a Python float gives the default float dtype, a 0-dim
# tensor gives its own dtype
print((i + 0.5).dtype, (i + torch.tensor(0.5, dtype=torch.float64)).dtype)
# > torch.float32 torch.float64
print(torch.result_type(i, 0.5))  # the same rule, without computing anything
# > torch.float32
# int64 with a Python float gives float32, exact for integers only up to 2**24
big = torch.tensor([2**24 + 1])
print((big * 1.0).long().item(), (big.double() * 1.0).long().item())
# > 16777216 16777217
half = torch.ones(2, dtype=torch.float16)
# within a category, scalars and 0-dim tensors do not widen a dimensioned tensor
print((half * 2.5).dtype, (half + torch.tensor(1.0, dtype=torch.float64)).dtype)
# > torch.float16 torch.float16
# a dimensioned tensor of a wider type does
print((half + torch.ones(2, dtype=torch.float64)).dtype)
# > torch.float64

# In-place keeps self's dtype: within a category it silently rounds back...
half += torch.ones(2, dtype=torch.float64)
print(half.dtype)
# > torch.float16
try:
    i += 0.5  # ...and a result of a higher category raises
except RuntimeError as e:
    print(e)
    # > result type Float can't be cast to the desired output type Long

correct = torch.tensor([1, 0, 1, 1]) == torch.tensor([1, 1, 1, 1])
print(correct.sum().dtype)  # bool sums to int64
# > torch.int64
for t in (correct, correct.long()):
    try:
        t.mean()  # accuracy the NumPy way
    except RuntimeError as e:
        print(textwrap.fill(str(e), 80))
        # > mean(): could not infer output dtype. Input dtype must be either a floating
        # > point or complex dtype. Got: Bool
        # > mean(): could not infer output dtype. Input dtype must be either a floating
        # > point or complex dtype. Got: Long
print(correct.float().mean().item())
# > 0.75

# wraps around silently
print(torch.tensor([200], dtype=torch.uint8) + torch.tensor([100], dtype=torch.uint8))
# > tensor([44], dtype=torch.uint8)
