import textwrap

import torch

a = torch.zeros(3, 1, 5)
b = torch.zeros(4, 1)  # right-aligned: (   4, 1) -> (1, 4, 1)
print((a + b).shape, torch.broadcast_shapes(a.shape, b.shape))
# > torch.Size([3, 4, 5]) torch.Size([3, 4, 5])
_, stretched = torch.broadcast_tensors(a, b)  # b as the add sees it: stride 0, no copy
print(stretched.stride(), stretched.data_ptr() == b.data_ptr())
# > (0, 1, 0) True

try:
    torch.zeros(2, 3) + torch.zeros(2, 4)
except RuntimeError as e:
    print(textwrap.fill(str(e), 80, break_on_hyphens=False))
    # > The size of tensor a (3) must match the size of tensor b (4) at non-singleton
    # > dimension 1

# Per-column normalization works; per-row needs keepdim so the size-1 dim lines up
x = torch.arange(6.0).reshape(2, 3)
print((x - x.mean(dim=0)).shape, (x - x.mean(dim=1, keepdim=True)).shape)
# > torch.Size([2, 3]) torch.Size([2, 3])
try:
    x - x.mean(dim=1)  # (2, 3) - (2,): trailing dims 3 vs 2
except RuntimeError as e:
    print(textwrap.fill(str(e), 80, break_on_hyphens=False))
    # > The size of tensor a (3) must match the size of tensor b (2) at non-singleton
    # > dimension 1
