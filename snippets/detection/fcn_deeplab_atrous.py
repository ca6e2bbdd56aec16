"""Atrous convolution: drop a stride, dilate what follows; same field, 2x resolution."""

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)

# FCN: a backbone of total stride 32 and a 1x1 conv classifier give a class map for
# any input size; upsampling it 32x gives per-pixel logits (N, C, H, W)
backbone = nn.Sequential(
    *[nn.Conv2d(3 if i == 0 else 16, 16, 3, stride=2, padding=1) for i in range(5)]
)
classifier = nn.Conv2d(16, 21, 1)
for size in (224, 320):
    coarse = classifier(backbone(torch.randn(1, 3, size, size)))
    fine = F.interpolate(coarse, scale_factor=32, mode="bilinear")
    print(tuple(coarse.shape[2:]), tuple(fine.shape))
    # > (7, 7) (1, 21, 224, 224)
    # > (10, 10) (1, 21, 320, 320)

x = torch.randn(1, 8, 64, 64)
w1, w2 = torch.randn(8, 8, 3, 3), torch.randn(8, 8, 3, 3)

# A classification backbone's end: a stride-2 conv, then a 3x3 conv (output stride 2)
strided = F.conv2d(F.conv2d(x, w1, stride=2, padding=1), w2, padding=1)
# DeepLab: the same weights, stride 1, and the next conv dilated by 2
atrous = F.conv2d(F.conv2d(x, w1, padding=1), w2, padding=2, dilation=2)
print(strided.shape, atrous.shape)
# > torch.Size([1, 8, 32, 32]) torch.Size([1, 8, 64, 64])
# Every other output of the atrous net is the strided net's output, exactly: the
# same weights see the same pixels, and the in-between outputs are new, denser ones
print(torch.allclose(atrous[..., ::2, ::2], strided, atol=1e-4))
# > True


def receptive_field(net, size=64):
    """Width of the input region that reaches the centre output (all-ones weights)."""
    inp = torch.zeros(1, 1, size, size, requires_grad=True)
    out = net(inp)
    out[0, 0, out.shape[2] // 2, out.shape[3] // 2].backward()
    cols = inp.grad[0, 0].abs().sum(0).nonzero()
    return (cols.max() - cols.min() + 1).item()


ones = torch.ones(1, 1, 3, 3)
nets = {
    "strided": lambda t: F.conv2d(
        F.conv2d(t, ones, stride=2, padding=1), ones, padding=1
    ),
    "atrous": lambda t: F.conv2d(
        F.conv2d(t, ones, padding=1), ones, padding=2, dilation=2
    ),
    "plain": lambda t: F.conv2d(F.conv2d(t, ones, padding=1), ones, padding=1),
}
print({k: receptive_field(n) for k, n in nets.items()})  # no new weights for atrous
# > {'strided': 7, 'atrous': 7, 'plain': 5}

# Gridding: two rate-2 convs in a row never read the odd offsets of the input
inp = torch.zeros(1, 1, 33, 33, requires_grad=True)
out = F.conv2d(F.conv2d(inp, ones, padding=2, dilation=2), ones, padding=2, dilation=2)
out[0, 0, 16, 16].backward()
print((inp.grad[0, 0, 16] != 0).int()[8:25].tolist())
# > [0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0]


class ASPP(nn.Module):
    """DeepLabv3: a 1x1 conv, three 3x3 atrous convs, image pooling, concatenated."""

    def __init__(self, c_in, c=256, rates=(6, 12, 18)):
        super().__init__()
        self.branches = nn.ModuleList(
            [nn.Conv2d(c_in, c, 1)]
            + [nn.Conv2d(c_in, c, 3, padding=r, dilation=r) for r in rates]
        )
        self.pool = nn.Conv2d(c_in, c, 1)
        self.project = nn.Conv2d(c * (len(rates) + 2), c, 1)

    def forward(self, x):
        outs = [b(x) for b in self.branches]
        g = self.pool(x.mean((2, 3), keepdim=True))  # the whole image's context
        outs.append(g.expand(-1, -1, *x.shape[2:]))
        return self.project(torch.cat(outs, 1))


feat = torch.randn(1, 64, 33, 33)  # a 513 x 513 crop at output stride 16
print(ASPP(64)(feat).shape, [2 * r + 1 for r in (6, 12, 18)])  # spans of the taps
# > torch.Size([1, 256, 33, 33]) [13, 25, 37]

# At a rate near the map's size, a 3x3 atrous conv is a 1x1 conv with its centre weight
conv = nn.Conv2d(64, 8, 3, padding=36, dilation=36)
as_1x1 = F.conv2d(feat, conv.weight[:, :, 1:2, 1:2], conv.bias)
print(torch.allclose(conv(feat), as_1x1, atol=1e-5))
# > True
