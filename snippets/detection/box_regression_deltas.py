"""Box deltas (tx, ty, tw, th): encode, decode, and what the log buys."""

import math

import torch


def to_cwh(b):  # (x1, y1, x2, y2) -> centre x, centre y, width, height
    return (
        (b[..., 0] + b[..., 2]) / 2,
        (b[..., 1] + b[..., 3]) / 2,
        *(b[..., 2:] - b[..., :2]).unbind(-1),
    )


def encode(box, anchor):
    x, y, w, h = to_cwh(box)
    xa, ya, wa, ha = to_cwh(anchor)
    return torch.stack(
        [(x - xa) / wa, (y - ya) / ha, (w / wa).log(), (h / ha).log()], -1
    )


CLIP = math.log(1000 / 16)  # torchvision's BoxCoder clamps tw, th here before exp


def decode(t, anchor, clip=CLIP):
    xa, ya, wa, ha = to_cwh(anchor)
    x, y = xa + t[..., 0] * wa, ya + t[..., 1] * ha
    w = wa * t[..., 2].clamp(max=clip).exp()
    h = ha * t[..., 3].clamp(max=clip).exp()
    return torch.stack([x - w / 2, y - h / 2, x + w / 2, y + h / 2], -1)


torch.manual_seed(0)
xy = torch.rand(1000, 2) * 500
anchor = torch.cat([xy, xy + torch.rand(1000, 2) * 300 + 10], 1)
xy = torch.rand(1000, 2) * 500
box = torch.cat([xy, xy + torch.rand(1000, 2) * 300 + 10], 1)
t = encode(box, anchor)
print(torch.allclose(decode(t, anchor), box, atol=1e-3))  # the round trip
# > True

# Scale invariance: the same box relative to its anchor, at sizes 32 and 512
small = encode(torch.tensor([0.0, 0, 64, 64]), torch.tensor([0.0, 0, 32, 32]))
large = encode(torch.tensor([0.0, 0, 1024, 1024]), torch.tensor([0.0, 0, 512, 512]))
print(small.numpy().round(4), large.numpy().round(4))
# > [0.5    0.5    0.6931 0.6931] [0.5    0.5    0.6931 0.6931]
print(64 - 32, 1024 - 512)  # a raw width difference: 16 times larger for the same fit
# > 32 512

# Symmetry: half and double the anchor's width are -log 2 and +log 2; a ratio is not
print(round(math.log(0.5), 4), round(math.log(2.0), 4), 0.5 - 1, 2.0 - 1)
# > -0.6931 0.6931 -0.5 1.0

# Any real output decodes to a positive width; a linear "w = wa * (1 + t)" does not
t_bad = torch.tensor([0.0, 0, -1.5, -1.5])
print(decode(t_bad, torch.tensor([0.0, 0, 32, 32])).numpy().round(2), 32 * (1 - 1.5))
# > [12.43 12.43 19.57 19.57] -16.0

# An unclamped exp overflows float32 at t = 89; the clamp caps the box at 62.5 anchors
huge = decode(torch.tensor([0.0, 0, 89.0, 0]), torch.tensor([0.0, 0, 16, 16]))
print(round((huge[2] - huge[0]).item(), 1), 16 * torch.tensor(89.0).exp())
# > 1000.0 tensor(inf)

# torchvision's Faster R-CNN head scales the deltas by weights (10, 10, 5, 5): the
# targets of close boxes, a few hundredths, come out near unit size for the loss
w = torch.tensor([10.0, 10, 5, 5])
anc, gt = torch.tensor([100.0, 100, 200, 200]), torch.tensor([102.0, 98, 212, 206])
near = encode(gt, anc)
print(near.numpy().round(3), (near * w).numpy().round(3))
# > [0.07  0.02  0.095 0.077] [0.7   0.2   0.477 0.385]
# Decoding the weighted deltas as plain ones: the box lands elsewhere
print(decode(near * w, anc).numpy().round(1), decode(near, anc).numpy().round(1))
# > [139.5  96.5 300.5 243.5] [102.  98. 212. 206.]
