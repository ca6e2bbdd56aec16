"""FPN's pyramid, its RoI-to-level rule, and Swin's stages next to ViT's one scale."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class FPN(nn.Module):
    """Lateral 1x1 convs to 256 channels, top-down 2x upsampling and add, 3x3 smooth."""

    def __init__(self, in_channels=(256, 512, 1024, 2048), d=256):
        super().__init__()
        self.lateral = nn.ModuleList(nn.Conv2d(c, d, 1) for c in in_channels)
        self.smooth = nn.ModuleList(nn.Conv2d(d, d, 3, padding=1) for _ in in_channels)

    def forward(self, feats):  # C2..C5, fine to coarse
        top = self.lateral[-1](feats[-1])
        outs = [top]
        for lat, c in zip(self.lateral[-2::-1], feats[-2::-1], strict=True):
            top = lat(c) + F.interpolate(top, scale_factor=2, mode="nearest")
            outs.insert(0, top)
        return [s(o) for s, o in zip(self.smooth, outs, strict=True)]  # P2..P5


torch.manual_seed(0)
size = 224  # ResNet's C2..C5: strides 4, 8, 16, 32
feats = [
    torch.randn(1, c, size // s, size // s)
    for c, s in zip((256, 512, 1024, 2048), (4, 8, 16, 32), strict=True)
]
pyramid = FPN()(feats)
print([tuple(p.shape[1:]) for p in pyramid])  # every level 256 channels
# > [(256, 56, 56), (256, 28, 28), (256, 14, 14), (256, 7, 7)]


# A 225 input: C2..C5 of 57, 29, 15, 8 cells, and 2x upsampling of 8 is not 15
odd = [
    torch.randn(1, c, n, n)
    for c, n in zip((256, 512, 1024, 2048), (57, 29, 15, 8), strict=True)
]
try:
    FPN()(odd)
except RuntimeError as e:
    print(str(e).split(" at ")[0])
    # > The size of tensor a (15) must match the size of tensor b (16)


def fpn_level(w, h, k0=4, canonical=224):  # eq. 1 of Lin et al., clamped to P2..P5
    return min(5, max(2, math.floor(k0 + math.log2(math.sqrt(w * h) / canonical))))


print({s: fpn_level(s, s) for s in (32, 112, 224, 448, 896)})  # RoI side -> P level
# > {32: 2, 112: 3, 224: 4, 448: 5, 896: 5}


# Swin-T: 4x4 patches (56 x 56 tokens at 224), then patch merging halves the side
# and doubles the channels at each stage
def patch_merge(x, lin):  # (N, H, W, C) -> (N, H/2, W/2, 2C)
    x = torch.cat(
        [x[:, 0::2, 0::2], x[:, 1::2, 0::2], x[:, 0::2, 1::2], x[:, 1::2, 1::2]], -1
    )
    return lin(x)  # Linear(4C, 2C)


x = torch.randn(1, 56, 56, 96)
stages = [x]
for c in (96, 192, 384):
    x = patch_merge(x, nn.Linear(4 * c, 2 * c, bias=False))
    stages.append(x)
print([(s.shape[1] * s.shape[2], s.shape[3]) for s in stages])  # tokens, channels
# > [(3136, 96), (784, 192), (196, 384), (49, 768)]
print([224 // s.shape[1] for s in stages])  # strides 4 .. 32, as a ResNet's C2..C5
# > [4, 8, 16, 32]

# Stage 1's attention in 7 x 7 windows: 64 windows of 49 tokens. Scores computed:
# hw * M^2 instead of (hw)^2, 64 = hw / M^2 times fewer, linear in the tokens
x0 = stages[0]
win = x0.view(1, 8, 7, 8, 7, 96).permute(0, 1, 3, 2, 4, 5).reshape(64, 49, 96)
windowed = (win @ win.transpose(1, 2)).numel()
full = x0.flatten(1, 2) @ x0.flatten(1, 2).transpose(1, 2)
print(tuple(win.shape), windowed, full.numel(), full.numel() // windowed)
# > (64, 49, 96) 153664 9834496 64

# PVT keeps the 4 stages but shrinks the keys and values: a conv of kernel = stride
# = R over the token map (R = 8, 4, 2, 1) leaves 49 keys at every stage
sizes = []
for (n, c), r in zip(
    [(56, 64), (28, 128), (14, 320), (7, 512)], (8, 4, 2, 1), strict=True
):
    keys = nn.Conv2d(c, c, r, stride=r)(torch.randn(1, c, n, n)).flatten(2)
    sizes.append((n * n, keys.shape[-1]))  # (queries, keys) of one attention
print(sizes)
# > [(3136, 49), (784, 49), (196, 49), (49, 49)]

# ViT-B/16: one patch embedding of stride 16, then 196 tokens in every block
vit = nn.Conv2d(3, 768, 16, stride=16)(torch.randn(1, 3, 224, 224)).flatten(2)
print(vit.shape)
# > torch.Size([1, 768, 196])
