"""Anchor-free targets: FCOS's (l, t, r, b) per location, CenterNet's heatmap peaks."""

import torch
import torch.nn.functional as F

# FCOS: every location of a stride-8 map that falls inside a box regresses its
# distances to the box's four sides; no anchor, one prediction per location
s = 8
xs = s // 2 + torch.arange(16) * s  # locations in image pixels: 4, 12, ..., 124
y, x = torch.meshgrid(xs, xs, indexing="ij")
box = torch.tensor([36.0, 28, 116, 92])  # x0, y0, x1, y1: 80 x 64, centre (76, 60)
ltrb = torch.stack([x - box[0], y - box[1], box[2] - x, box[3] - y], -1)
inside = ltrb.min(-1).values > 0
print(inside.sum().item(), ltrb[7, 9].tolist())  # positives; the target at (76, 60)
# > 63 [40.0, 32.0, 40.0, 32.0]

# torchvision's FCOS also asks for "centre sampling": within 1.5 strides of the centre
near = ((x - 76).abs() < 1.5 * s) & ((y - 60).abs() < 1.5 * s)
print((inside & near).sum().item())
# > 9

# Each positive decodes back to the same box: (x - l, y - t, x + r, y + b)
dec = torch.stack(
    [x - ltrb[..., 0], y - ltrb[..., 1], x + ltrb[..., 2], y + ltrb[..., 3]], -1
)
print(bool((dec[inside] == box).all()))
# > True

# Centre-ness sqrt(min(l,r)/max(l,r) * min(t,b)/max(t,b)): 1 at the centre, near 0 at
# the border; it multiplies the class score to rank off-centre boxes lower
lf, tp, rt, bt = ltrb.clamp(min=0).unbind(-1)
ctr = ((lf.minimum(rt) / lf.maximum(rt)) * (tp.minimum(bt) / tp.maximum(bt))).sqrt()
print(ctr[7, 9].item(), round(ctr[4, 5].item(), 3))  # the centre; (44, 36), a corner
# > 1.0 0.126

# Levels: a location is positive on P3 only if max(l, t, r, b) <= 64 (P4 takes
# (64, 128], and so on), so each level learns one range of sizes
reach = ltrb[inside].max(-1).values
print((reach <= 64).sum().item(), (reach > 64).sum().item())
# > 49 14

# CenterNet: one heatmap per class at stride 4, a Gaussian at each object's centre
H = W = 32
heat = torch.zeros(H, W)
yy, xx = torch.meshgrid(torch.arange(H), torch.arange(W), indexing="ij")
for cx, cy, radius in [(8, 10, 3), (20, 18, 4)]:
    sigma = (2 * radius + 1) / 6  # the radius comes from the object's size
    g = torch.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * sigma**2))
    heat = torch.maximum(heat, g)

# Decoding: a peak is a value equal to its 3x3 max; that replaces NMS
peaks = (heat == F.max_pool2d(heat[None], 3, stride=1, padding=1)[0]) & (heat > 0.3)
print((heat > 0.3).sum().item(), peaks.nonzero().tolist())
# > 30 [[10, 8], [18, 20]]

# CornerNet's top-left corner pooling: max over everything to the right, plus max
# over everything below. The corner itself lies outside the object, on background
f = torch.zeros(6, 6)
f[1, 3] = 1.0  # evidence on the object's top edge
f[4, 1] = 2.0  # evidence on its left edge
right = f.flip(1).cummax(1).values.flip(1)  # max of f[i, j:]
below = f.flip(0).cummax(0).values.flip(0)  # max of f[i:, j]
print(f[1, 1].item(), (right + below)[1, 1].item())  # the corner at (row 1, col 1)
# > 0.0 3.0
