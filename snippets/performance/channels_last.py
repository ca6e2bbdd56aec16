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
# ...until a .contiguous() copies it back to NCHW; the next conv converts it again
print(out.contiguous().is_contiguous(memory_format=torch.channels_last))
# > False
print(conv(x).is_contiguous(memory_format=torch.channels_last))  # NCHW in, NHWC out
# > True
print(torch.allclose(out, conv(x), atol=1e-6))
# > True

try:
    y.view(2, -1)  # merging C with H and W needs strides that no longer line up
except RuntimeError as e:
    print(str(e).split(" (")[0])
    # > view size is not compatible with input tensor's size and stride
# merging H and W alone works (in NHWC they stay adjacent); reshape copies if it must
print(y.view(2, 3, 16).shape, y.reshape(2, -1).shape)
# > torch.Size([2, 3, 16]) torch.Size([2, 48])
# with C = 1 (grayscale) or H = W = 1 the strides fit both formats: contiguous,
# and view works
gray = torch.randn(2, 1, 4, 4).to(memory_format=torch.channels_last)
print(gray.is_contiguous(), gray.view(2, -1).shape)
# > True torch.Size([2, 16])
pooled = torch.randn(2, 3, 1, 1).to(memory_format=torch.channels_last)
print(pooled.is_contiguous(), pooled.view(2, -1).shape)
# > True torch.Size([2, 3])

# 5-D (N, C, D, H, W) for 3-D convolutions has its own format, NDHWC
video = torch.randn(2, 3, 4, 4, 4).to(memory_format=torch.channels_last_3d)
print(video.stride())
# > (192, 1, 48, 12, 3)

try:  # 4-D only: (batch, tokens, features) has no channels_last layout
    torch.randn(2, 5, 8).to(memory_format=torch.channels_last)
except RuntimeError as e:
    print(e)
    # > required rank 4 tensor to use channels_last format
