"""IoU of every pair of boxes, (x1, y1, x2, y2), vectorized: no Python loop."""

import torch


def box_iou(a, b):
    """a (N, 4), b (M, 4) in x1, y1, x2, y2 -> (N, M) intersection over union."""
    lt = torch.max(a[:, None, :2], b[None, :, :2])  # (N, M, 2) top-left of the overlap
    rb = torch.min(a[:, None, 2:], b[None, :, 2:])  # (N, M, 2) bottom-right
    inter = (rb - lt).clamp(min=0).prod(dim=-1)  # no overlap: a side < 0, clamped to 0
    area_a = (a[:, 2:] - a[:, :2]).prod(dim=-1)
    area_b = (b[:, 2:] - b[:, :2]).prod(dim=-1)
    return inter / (area_a[:, None] + area_b[None, :] - inter)


a = torch.tensor([[0.0, 0, 10, 10], [5, 5, 15, 15]])
b = torch.tensor([[0.0, 0, 10, 10], [10, 10, 20, 20], [0, 0, 5, 5]])
print(box_iou(a, b))
# > tensor([[1.0000, 0.0000, 0.2500],
# >         [0.1429, 0.1429, 0.0000]])

# Without the clamp, two disjoint boxes get a positive "intersection":
lt = torch.max(a[0, :2], torch.tensor([20.0, 20]))
rb = torch.min(a[0, 2:], torch.tensor([30.0, 30]))
print((rb - lt).prod().item())  # (-10) * (-10): the overlap of boxes that do not touch
# > 100.0

# Boxes given as (cx, cy, w, h) must be converted first: the same numbers
# mean another box.
cxcywh = torch.tensor([[5.0, 5, 10, 10]])
xyxy = torch.cat(
    [cxcywh[:, :2] - cxcywh[:, 2:] / 2, cxcywh[:, :2] + cxcywh[:, 2:] / 2], 1
)
print(xyxy, box_iou(xyxy, a[:1]).item(), box_iou(cxcywh, a[:1]).item())
# > tensor([[ 0.,  0., 10., 10.]]) 1.0 0.25
