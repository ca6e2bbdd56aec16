import warnings

import numpy as np
import torch

a = np.array([1, 2, 3])  # int64 array
t_copy = torch.tensor(a)  # copies, keeps int64
t_share = torch.as_tensor(a)  # shares the buffer
t_np = torch.from_numpy(a)  # shares the buffer
a[0] = 100
print(t_copy[0].item(), t_share[0].item(), t_np[0].item())
# > 1 100 100
print(torch.tensor([1, 2]).dtype, torch.tensor([1.0, 2]).dtype)
# > torch.int64 torch.float32
print(torch.as_tensor(a, dtype=torch.float32).data_ptr() == t_np.data_ptr())
# > False

# torch.Tensor is the class: the default dtype (float32), and an int means a size
print(torch.Tensor(3).shape, torch.Tensor([3]), torch.Tensor([3]).dtype)
# > torch.Size([3]) tensor([3.]) torch.float32
print(torch.Tensor([1, 2]).dtype, torch.tensor([1, 2]).dtype)
# > torch.float32 torch.int64

print(torch.zeros(2, 3).dtype, torch.full((2,), 7).dtype, torch.full((2,), 7.0).dtype)
# > torch.float32 torch.int64 torch.float32
print(torch.arange(0, 1, 0.25))  # end excluded
# > tensor([0.0000, 0.2500, 0.5000, 0.7500])
print(torch.linspace(0, 1, 5))  # end included, 5 points
# > tensor([0.0000, 0.2500, 0.5000, 0.7500, 1.0000])
print(torch.arange(3).dtype, torch.arange(3.0).dtype)
# > torch.int64 torch.float32

x = torch.ones(2, 3, dtype=torch.float64)
z = torch.zeros_like(x)
print(z.shape, z.dtype, z.data_ptr() == x.data_ptr())
# > torch.Size([2, 3]) torch.float64 False

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    t = torch.tensor(x)  # from a tensor: copies, and warns
print(t.data_ptr() == x.data_ptr(), str(caught[0].message).split(",")[0])
# > False To copy construct from a tensor

# deterministic mode fills uninitialized memory with NaN (while
# torch.utils.deterministic.fill_uninitialized_memory is True, the default)
torch.use_deterministic_algorithms(True)
print(torch.Tensor(3), torch.empty(3))
# > tensor([nan, nan, nan]) tensor([nan, nan, nan])
torch.set_default_dtype(torch.float64)  # torch.Tensor follows the default dtype
print(torch.Tensor([3]).dtype, torch.tensor([3.0]).dtype)
# > torch.float64 torch.float64
