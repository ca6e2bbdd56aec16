import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
p, D = 16, 192  # patch size, embedding width (ViT-Ti)
x = torch.randn(2, 3, 224, 224)

# patch embedding: a Conv2d with kernel = stride = p ...
conv = nn.Conv2d(3, D, kernel_size=p, stride=p)
tokens = conv(x).flatten(2).transpose(1, 2)  # (N, patches, D)
# ... is cutting non-overlapping p x p patches and applying one Linear to each
patches = F.unfold(x, kernel_size=p, stride=p).transpose(1, 2)  # (N, 196, 3*p*p)
linear = patches @ conv.weight.flatten(1).T + conv.bias
print(tuple(patches.shape), torch.allclose(tokens, linear, atol=1e-4))
# > (2, 196, 768) True

# tokens = (H/p)(W/p) patches + one CLS token, each with a learned position
cls = nn.Parameter(torch.zeros(1, 1, D))
pos = nn.Parameter(torch.zeros(1, 1 + (224 // p) ** 2, D))
seq = torch.cat([cls.expand(2, -1, -1), tokens], 1) + pos
print(tuple(seq.shape))
# > (2, 197, 192)


# inductive bias: a stride-1 conv is translation-equivariant (circular padding, so
# that a roll is exact), a shift by 1 pixel shifts its output by 1 pixel
local = nn.Conv2d(3, 8, 3, padding=1, padding_mode="circular")
print(torch.allclose(local(x.roll(1, 3)), local(x).roll(1, 3), atol=1e-5))
# > True
# patchify commutes only with shifts by whole patches: of the pixel shifts 0..16, only
# 0 and 16 give tokens that are a shift (roll along the 14-token row) of the originals
base = [conv(x).roll(s, 3) for s in range(224 // p)]
shifts = []
for px in range(p + 1):
    tokens_px = conv(x.roll(px, 3))
    if any(torch.allclose(tokens_px, b, atol=1e-2) for b in base):
        shifts.append(px)
print(shifts)
# > [0, 16]
