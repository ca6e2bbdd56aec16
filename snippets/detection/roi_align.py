"""RoIPool rounds the RoI and its bins to whole cells; RoIAlign samples bilinearly."""

import math

import torch


def pool_bins(box, out=2, scale=1 / 16):
    """Fast R-CNN's RoIPool arithmetic (torchvision.ops.roi_pool's): cell ranges."""
    x1, y1, x2, y2 = [math.floor(v * scale + 0.5) for v in box]  # 1st rounding
    h, w = max(y2 - y1 + 1, 1), max(x2 - x1 + 1, 1)
    return [  # 2nd rounding: bin edges floor / ceil to whole cells
        (
            (y1 + math.floor(i * h / out), y1 + math.ceil((i + 1) * h / out)),
            (x1 + math.floor(j * w / out), x1 + math.ceil((j + 1) * w / out)),
        )
        for i in range(out)
        for j in range(out)
    ]


def roi_pool(feat, box, out=2):
    maxes = [feat[ys:ye, xs:xe].max() for (ys, ye), (xs, xe) in pool_bins(box, out)]
    return torch.stack(maxes).view(out, out)


def bilinear(feat, y, x):
    y0, x0 = math.floor(y), math.floor(x)
    dy, dx = y - y0, x - x0
    return (
        feat[y0, x0] * (1 - dy) * (1 - dx)
        + feat[y0, x0 + 1] * (1 - dy) * dx
        + feat[y0 + 1, x0] * dy * (1 - dx)
        + feat[y0 + 1, x0 + 1] * dy * dx
    )


def roi_align(feat, box, out=2, scale=1 / 16, n=2, aligned=True):
    """RoIAlign: no rounding, n x n bilinear samples averaged per bin."""
    shift = 0.5 if aligned else 0.0  # aligned: cell i's centre is at i + 0.5
    x1, y1, x2, y2 = [v * scale - shift for v in box]
    bh, bw = (y2 - y1) / out, (x2 - x1) / out
    res = torch.zeros(out, out)
    for i in range(out):
        for j in range(out):
            for a in range(n):
                for b in range(n):
                    y = y1 + i * bh + (a + 0.5) * bh / n
                    x = x1 + j * bw + (b + 0.5) * bw / n
                    res[i, j] += bilinear(feat, y, x) / n**2
    return res


# A stride-16 feature map whose value at cell (y, x) is x + 10 y: a linear ramp
feat = torch.arange(10.0) + 10 * torch.arange(10.0)[:, None]
box = [20.0, 20.0, 100.0, 84.0]  # image pixels (x1, y1, x2, y2), an 80 x 64 RoI

# RoIPool: rounded to cells 1..6 by 1..5, the bins cover 6 cells (96 pixels) across
# and overlap in row 3; the rounding moves the RoI's edges by 4 pixels here
print(pool_bins(box))
# > [((1, 4), (1, 4)), ((1, 4), (4, 7)), ((3, 6), (1, 4)), ((3, 6), (4, 7))]

# RoIAlign: a bilinear sample of a linear map is exact, so each bin returns the
# ramp at the bin's centre, in cell units (20 + 80 / 4) / 16 - 0.5 = 2 across
print(roi_align(feat, box))
# > tensor([[19.5000, 22.0000],
# >         [39.5000, 42.0000]])
cx = [(20 + 20) / 16 - 0.5, (20 + 60) / 16 - 0.5]  # bin centres, cell units
cy = [(20 + 16) / 16 - 0.5, (20 + 48) / 16 - 0.5]
print(torch.tensor([[x + 10 * y for x in cx] for y in cy]))
# > tensor([[19.5000, 22.0000],
# >         [39.5000, 42.0000]])

# aligned=False (torchvision's default) skips the half-cell shift: every bin reads the
# map half a cell (8 pixels) right of and below where the box is
print(roi_align(feat, box, aligned=False) - roi_align(feat, box))
# > tensor([[5.5000, 5.5000],
# >         [5.5000, 5.5000]])

# Shift the RoI right by 0, 4, 8, 12, 16 pixels: RoIAlign's first bin follows every
# quarter cell; RoIPool's moves in whole cells, or not at all
for fn in roi_align, roi_pool:
    out = [fn(feat, [20.0 + s, 20, 100 + s, 84])[0, 0].item() for s in range(0, 17, 4)]
    print(fn.__name__, out)
    # > roi_align [19.5, 19.75, 20.0, 20.25, 20.5]
    # > roi_pool [33.0, 34.0, 34.0, 34.0, 34.0]
