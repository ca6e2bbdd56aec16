import warnings

import numpy as np
import torch

torch.manual_seed(0)
a = np.zeros(3)
t = torch.from_numpy(a)  # zero-copy: the tensor wraps NumPy's buffer
a[0] = 1.0
print(t, t.dtype)  # the NumPy write shows in the tensor, and float64 is kept
# > tensor([1., 0., 0.], dtype=torch.float64) torch.float64

t.numpy()[1] = 2.0  # .numpy() is zero-copy too: a view of the same memory
print(a)
# > [1. 2. 0.]

# torch.tensor copies; as_tensor shares unless the dtype or device must change
copied, shared = torch.tensor(a), torch.as_tensor(a)
converted = torch.as_tensor(a, dtype=torch.float32)
a[2] = 3.0
print(copied[2].item(), shared[2].item(), converted[2].item())
# > 0.0 3.0 0.0

# float64 from NumPy meets float32 weights
try:
    torch.nn.Linear(3, 1)(t)
except RuntimeError as e:
    print(e)
    # > mat1 and mat2 must have the same dtype, but got Double and Float
print(torch.nn.Linear(3, 1)(t.float()).dtype)  # .float() copies into float32
# > torch.float32

# A negative-stride array (a[:, ::-1], np.flip, BGR -> RGB) is refused by all three
flipped = np.arange(6.0).reshape(2, 3)[:, ::-1]
for convert in (torch.from_numpy, torch.as_tensor, torch.tensor):
    try:
        convert(flipped)
    except ValueError as e:
        print(convert.__name__, "->", str(e).split(",")[0])
        # > from_numpy -> At least one stride in the given numpy array is negative
        # > as_tensor -> At least one stride in the given numpy array is negative
        # > tensor -> At least one stride in the given numpy array is negative
print(torch.from_numpy(flipped.copy())[0])  # .copy() first: a positive-stride array
# > tensor([2., 1., 0.], dtype=torch.float64)

# A read-only array (writeable=False, np.frombuffer over bytes) is shared anyway, with
# a warning (once per process), and a write through the tensor lands in it
frozen = np.frombuffer(bytearray(12), dtype=np.float32)
frozen.setflags(write=False)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.from_numpy(frozen)[0] = 5.0
    torch.as_tensor(frozen)  # shared too, and no second warning even under "always"
print(str(caught[0].message).split(",")[0], frozen.flags.writeable, frozen)
# > The given NumPy array is not writable False [5. 0. 0.]
print(len(caught))  # once per process: "suppressed for the rest of this program"
# > 1
