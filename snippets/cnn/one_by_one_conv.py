import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(2, 256, 14, 14)  # (N, C, H, W)
conv1x1 = nn.Conv2d(256, 64, kernel_size=1)  # a bottleneck: 256 channels down to 64
linear = nn.Linear(256, 64)
with (
    torch.no_grad()
):  # the same weights: a (64, 256, 1, 1) kernel is a (64, 256) matrix
    linear.weight.copy_(conv1x1.weight.view(64, 256))
    linear.bias.copy_(conv1x1.bias)

    y_conv = conv1x1(x)
    # the same Linear applied to the channel vector of every pixel, independently
    y_linear = linear(x.permute(0, 2, 3, 1)).permute(0, 3, 1, 2)
print(y_conv.shape, torch.allclose(y_conv, y_linear, atol=1e-5))
# > torch.Size([2, 64, 14, 14]) True

# It mixes channels only: each output pixel reads its own input pixel, nothing around it
x = torch.randn(1, 256, 14, 14, requires_grad=True)
conv1x1(x)[0, 0, 5, 5].backward()
print(x.grad.abs().sum(1)[0].nonzero().tolist())
# > [[5, 5]]

# Its cost: 256*64 + 64 weights, against 256*64*9 + 64 for a 3x3 conv, same channels
print(sum(p.numel() for p in conv1x1.parameters()), 256 * 64 * 9 + 64)
# > 16448 147520
