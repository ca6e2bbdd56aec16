import torch

t = torch.arange(12, dtype=torch.float32).reshape(3, 4)
# a view of a block of memory (the storage) plus the metadata to read it
print(t.shape, t.stride(), t.storage_offset(), t.dtype, t.device, t.requires_grad)
# > torch.Size([3, 4]) (4, 1) 0 torch.float32 cpu False
print(t.untyped_storage().nbytes(), t.element_size())  # 12 elements x 4 bytes
# > 48 4

# element [i, j] lives at storage[offset + i * stride[0] + j * stride[1]]
flat = t.view(-1)
i, j = 2, 3
at = t.storage_offset() + i * t.stride(0) + j * t.stride(1)
print(t[i, j].item(), flat[at].item())
# > 11.0 11.0

# views: new sizes, strides and offset over the same storage, no copy
views = {"row t[1]": t[1], "column t[:, 1]": t[:, 1], "t.T": t.T}
base = t.untyped_storage().data_ptr()
for name, v in views.items():
    same = v.untyped_storage().data_ptr() == base
    print(f"{name:14}", tuple(v.shape), v.stride(), v.storage_offset(), same)
    # > row t[1]       (4,) (1,) 4 True
    # > column t[:, 1] (3,) (4,) 1 True
    # > t.T            (4, 3) (1, 4) 0 True
views["column t[:, 1]"][0] = 100.0  # a write through a view is a write to t
copy = t.clone()  # a copy has a storage of its own
print(t[0, 1].item(), t.T.is_contiguous(), copy.untyped_storage().data_ptr() == base)
# > 100.0 False False

# stride 0: a broadcast view that repeats one element without memory
e = torch.zeros(1).expand(1000)
print(e.shape, e.stride(), e.untyped_storage().nbytes())
# > torch.Size([1000]) (0,) 4

# requires_grad and grad_fn: what autograd adds to the same object
w = torch.ones(2, requires_grad=True)
print(w.is_leaf, (w * 2).grad_fn.name())
# > True MulBackward0
