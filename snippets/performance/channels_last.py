import torch

torch.manual_seed(0)
x = torch.randn(2, 3, 4, 4)  # N, C, H, W
y = x.to(memory_format=torch.channels_last)
# same shape, same values: only the layout in memory differs
print(y.shape == x.shape, x.stride(), y.stride())
# > True (48, 16, 4, 1) (48, 1, 12, 3)
print(y.is_contiguous(), y.is_contiguous(memory_format=torch.channels_last))
# > False True

conv = torch.nn.Conv2d(3, 8, kernel_size=3).to(memory_format=torch.channels_last)
out = conv(y)
# convolutions keep the layout: no transposes
print(out.is_contiguous(memory_format=torch.channels_last))
# > True
print(torch.allclose(out, conv(x), atol=1e-6))
# > True

try:
    y.view(2, -1)  # view needs a compatible stride; flatten/reshape copy when they must
except RuntimeError as e:
    print(str(e).split(" (")[0])
    # > view size is not compatible with input tensor's size and stride

try:  # a memory format for 4-D tensors only: (batch, tokens, features) has none
    torch.randn(2, 5, 8).to(memory_format=torch.channels_last)
except RuntimeError as e:
    print(e)
    # > required rank 4 tensor to use channels_last format
