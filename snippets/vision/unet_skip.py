"""A U-Net level: downsample, upsample, concatenate the encoder's features."""

import torch
from torch import nn

torch.manual_seed(0)
enc = nn.Conv2d(1, 4, 3, padding=1)
down = nn.MaxPool2d(2)
mid = nn.Conv2d(4, 8, 3, padding=1)
up = nn.ConvTranspose2d(8, 4, kernel_size=2, stride=2)
dec = nn.Conv2d(
    8, 2, 3, padding=1
)  # 4 upsampled + 4 skipped channels in, 2 classes out


def unet(x):
    skip = enc(x)  # full-resolution features: where the edges are
    y = up(mid(down(skip)))  # coarse features, brought back to full size
    return dec(torch.cat([y, skip], dim=1))  # concatenated along channels


print(unet(torch.randn(1, 1, 64, 64)).shape)
# > torch.Size([1, 2, 64, 64])

# An odd size does not survive a 2x pool and a 2x upsample: 65 -> 32 -> 64.
try:
    unet(torch.randn(1, 1, 65, 65))
except RuntimeError as e:
    print(str(e).split(". ")[1])
    # > Expected size 64 but got size 65 for tensor number 1 in the list.
