import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
x = torch.randn(1, 8, 16, 16)

# Interpolation: fixed, no parameters; the size is whatever you ask for
print(F.interpolate(x, scale_factor=2, mode="nearest").shape)
# > torch.Size([1, 8, 32, 32])
print(F.interpolate(x, size=(33, 40), mode="bilinear", align_corners=False).shape)
# > torch.Size([1, 8, 33, 40])
bilinear = [
    F.interpolate(x, scale_factor=2, mode="bilinear", **kw)
    for kw in ({}, {"align_corners": False}, {"align_corners": True})
]
print(torch.equal(bilinear[0], bilinear[1]), torch.equal(bilinear[1], bilinear[2]))
# > True False


# Transposed conv: learned; H_out = (H-1)*s - 2p + d*(k-1) + output_padding + 1
def t_size(h, k, s, p=0, op=0, d=1):
    return (h - 1) * s - 2 * p + d * (k - 1) + op + 1


for k, s, p, op in [(2, 2, 0, 0), (4, 2, 1, 0), (3, 2, 1, 1), (3, 2, 1, 0)]:
    up = nn.ConvTranspose2d(8, 8, k, stride=s, padding=p, output_padding=op)
    print(f"k={k} s={s} p={p} op={op}:", up(x).shape[-1], t_size(16, k, s, p, op))
    # > k=2 s=2 p=0 op=0: 32 32
    # > k=4 s=2 p=1 op=0: 32 32
    # > k=3 s=2 p=1 op=1: 32 32
    # > k=3 s=2 p=1 op=0: 31 31

# A stride-2 conv maps 31 and 32 both to 16: output_size picks which one to go back to
up = nn.ConvTranspose2d(8, 8, 3, stride=2, padding=1)
print(up(x, output_size=[32, 32]).shape[-1], up(x, output_size=[31, 31]).shape[-1])
# > 32 31

# Checkerboard: with a kernel not divisible by the stride, the stamped kernels overlap
# unevenly. All-ones input and weights count the kernel taps reaching each output pixel.
for k, p in [(3, 1), (4, 1)]:
    w = torch.ones(1, 1, k, k)
    counts = F.conv_transpose2d(torch.ones(1, 1, 6, 6), w, stride=2, padding=p)
    print(
        f"k={k}:",
        counts[0, 0, 4, 2:8].int().tolist(),
        counts[0, 0, 5, 2:8].int().tolist(),
    )
    # > k=3: [1, 2, 1, 2, 1, 2] [2, 4, 2, 4, 2, 4]
    # > k=4: [4, 4, 4, 4, 4, 4] [4, 4, 4, 4, 4, 4]

# Nearest resize then a conv (Odena et al.'s fix): every output pixel gets the same taps
resize_conv = nn.Sequential(nn.Upsample(scale_factor=2), nn.Conv2d(1, 1, 3, padding=1))
nn.init.constant_(resize_conv[1].weight, 1.0)
nn.init.zeros_(resize_conv[1].bias)
with torch.no_grad():
    counts = resize_conv(torch.ones(1, 1, 6, 6))
print(counts[0, 0, 4, 2:8].int().tolist(), counts[0, 0, 5, 2:8].int().tolist())
# > [9, 9, 9, 9, 9, 9] [9, 9, 9, 9, 9, 9]
