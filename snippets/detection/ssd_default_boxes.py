"""SSD300's default boxes: six feature maps, 4 or 6 boxes per cell, 8732 in all."""

import math

import torch
import torch.nn as nn


def box_iou(a, b):
    lt = torch.max(a[:, None, :2], b[None, :, :2])
    rb = torch.min(a[:, None, 2:], b[None, :, 2:])
    inter = (rb - lt).clamp(min=0).prod(dim=-1)
    area_a = (a[:, 2:] - a[:, :2]).prod(dim=-1)
    area_b = (b[:, 2:] - b[:, :2]).prod(dim=-1)
    return inter / (area_a[:, None] + area_b[None, :] - inter)


# The paper's scales: s_k = s_min + (s_max - s_min)(k - 1)/(m - 1), 0.2 to 0.9
print([round(300 * (0.2 + 0.7 * k / 5)) for k in range(6)])
# > [60, 102, 144, 186, 228, 270]
# The released SSD300 (ssd_pascal.py): 0.1 on conv4_3, then 20% to 90% in whole steps
step = (90 - 20) // (6 - 2)  # 17
min_sizes = [30] + [300 * r // 100 for r in range(20, 91, step)]
max_sizes = [60] + [300 * (r + step) // 100 for r in range(20, 91, step)]
print(step, min_sizes, max_sizes)
# > 17 [30, 60, 111, 162, 213, 264] [60, 111, 162, 213, 264, 315]

fmaps = [38, 19, 10, 5, 3, 1]  # conv4_3, fc7, conv6_2 .. conv9_2 for a 300 input
ratios = [[2], [2, 3], [2, 3], [2, 3], [2], [2]]  # each also gives its inverse


def default_boxes(k):
    s, s2 = min_sizes[k], math.sqrt(min_sizes[k] * max_sizes[k])
    shapes = [(s, s), (s2, s2)]  # ratio 1 at s_k, and at sqrt(s_k s_k+1)
    for r in ratios[k]:
        shapes += [
            (s * math.sqrt(r), s / math.sqrt(r)),
            (s / math.sqrt(r), s * math.sqrt(r)),
        ]
    f = fmaps[k]
    c = (torch.arange(f) + 0.5) * 300 / f  # cell centres
    cy, cx = torch.meshgrid(c, c, indexing="ij")
    wh = torch.tensor(shapes)
    ctr = torch.stack([cx, cy], -1).reshape(-1, 1, 2)
    return torch.cat([ctr - wh / 2, ctr + wh / 2], -1).reshape(-1, 4)


boxes = [default_boxes(k) for k in range(6)]
per_cell = [len(boxes[k]) // fmaps[k] ** 2 for k in range(6)]
print(per_cell, [len(b) for b in boxes], sum(len(b) for b in boxes))
# > [4, 6, 6, 6, 4, 4] [5776, 2166, 600, 150, 36, 4] 8732

# One 3x3 conv per map predicts, per default box, 21 class scores and 4 offsets
torch.manual_seed(0)
channels = [512, 1024, 512, 256, 256, 256]
out = []
for k in range(6):
    head = nn.Conv2d(channels[k], per_cell[k] * (21 + 4), 3, padding=1)
    y = head(torch.randn(1, channels[k], fmaps[k], fmaps[k]))  # (1, n * 25, f, f)
    out.append(y.permute(0, 2, 3, 1).reshape(1, -1, 25))  # cell by cell, box by box
out = torch.cat(out, 1)
print(out[..., :21].shape, out[..., 21:].shape)
# > torch.Size([1, 8732, 21]) torch.Size([1, 8732, 4])

# Matching (IoU > 0.5): a small object falls to the fine maps, a large one to the
# coarse maps
gt = torch.tensor([[100.0, 100, 140, 140], [40, 40, 260, 260]])  # 40 and 220 pixels
for g in gt:
    print([(box_iou(b, g[None])[:, 0] > 0.5).sum().item() for b in boxes])
    # > [10, 0, 0, 0, 0, 0]
    # > [0, 0, 0, 4, 4, 4]
