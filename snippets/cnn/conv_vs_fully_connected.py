import torch
from torch import nn

torch.manual_seed(0)
C, H, W, OUT = 3, 32, 32, 16  # a 32x32 RGB image to 16 feature maps of the same size
conv = nn.Conv2d(C, OUT, kernel_size=3, padding=1, padding_mode="circular")
dense = nn.Linear(
    C * H * W, OUT * H * W
)  # the same input and output sizes, fully connected


def count(m):
    return sum(p.numel() for p in m.parameters())


print(f"{count(conv):,} vs {count(dense):,}")  # 16*3*3*3 + 16 vs 3072*16384 + 16384
# > 448 vs 50,348,032

# Locality: one output pixel depends on a 3x3 window of each input channel, 27 inputs
x = torch.randn(1, C, H, W, requires_grad=True)
conv(x)[0, 0, 10, 10].backward()
print((x.grad != 0).sum().item(), "of", x.numel())
# > 27 of 3072

# Weight sharing: the same 3x3 filter at every position, so shifting the image shifts
# the output (exactly, with circular padding); the dense layer has no such structure
x = torch.randn(1, C, H, W)
shift = dict(shifts=(5, 7), dims=(2, 3))
with torch.no_grad():
    y_conv = conv(torch.roll(x, **shift))
    y_dense = dense(torch.roll(x, **shift).flatten(1)).view(1, OUT, H, W)
    print(torch.allclose(y_conv, torch.roll(conv(x), **shift), atol=1e-6))
    # > True
    ref = torch.roll(dense(x.flatten(1)).view(1, OUT, H, W), **shift)
    print(torch.allclose(y_dense, ref, atol=1e-6))
    # > False
