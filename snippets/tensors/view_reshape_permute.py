import textwrap

import torch

torch.manual_seed(0)
a = torch.arange(6).reshape(2, 3)
print(a.stride(), a.is_contiguous())  # row-major: step 3 elements per row, 1 per column
# > (3, 1) True

t = a.t()  # transpose/permute: same memory, strides swapped, nothing copied
print(t.shape, t.stride(), t.is_contiguous(), t.data_ptr() == a.data_ptr())
# > torch.Size([3, 2]) (1, 3) False True

try:
    t.view(6)  # merging t's two dims: no single stride walks t in row-major order
except RuntimeError as e:
    print(textwrap.fill(str(e), 80))
    # > view size is not compatible with input tensor's size and stride (at least one
    # > dimension spans across two contiguous subspaces). Use .reshape(...) instead.
# splitting a dim or adding size-1 dims needs no merge: view works on t
print(t.view(3, 1, 2).shape, t.view(3, 2, 1).stride())
# > torch.Size([3, 1, 2]) (1, 3, 3)

r = t.reshape(6)  # reshape = view if possible, otherwise a copy
print(r.tolist(), r.data_ptr() == a.data_ptr())
# > [0, 3, 1, 4, 2, 5] False
c = t.contiguous()  # explicit copy into row-major order; view works on it
print(c.stride(), c.view(6).tolist(), a.contiguous() is a)
# > (2, 1) [0, 3, 1, 4, 2, 5] True

v = a.view(3, 2)  # a contiguous tensor: view shares memory, writes go through
v[0, 0] = 100
print(a[0, 0].item(), a.reshape(3, 2).data_ptr() == a.data_ptr())
# > 100 True

x = torch.randn(8, 3, 32, 32)  # NCHW
nhwc = x.permute(0, 2, 3, 1)  # reorders dims: pixel (0, 0) keeps its 3 channels
scrambled = x.reshape(8, 32, 32, 3)  # regroups memory order: mixes channels
print(nhwc.shape, torch.equal(nhwc[0, 0, 0], x[0, :, 0, 0]))
# > torch.Size([8, 32, 32, 3]) True
print(scrambled.shape, torch.equal(scrambled[0, 0, 0], x[0, :, 0, 0]))
# > torch.Size([8, 32, 32, 3]) False
