"""Greedy non-maximum suppression, and the per-class version by offsetting boxes."""

import torch


def box_iou(a, b):
    lt = torch.max(a[:, None, :2], b[None, :, :2])
    rb = torch.min(a[:, None, 2:], b[None, :, 2:])
    inter = (rb - lt).clamp(min=0).prod(dim=-1)
    area_a = (a[:, 2:] - a[:, :2]).prod(dim=-1)
    area_b = (b[:, 2:] - b[:, :2]).prod(dim=-1)
    return inter / (area_a[:, None] + area_b[None, :] - inter)


def nms(boxes, scores, iou_threshold):
    """Indices of the kept boxes, highest score first."""
    order = scores.argsort(descending=True)
    iou = box_iou(boxes, boxes)
    keep = []
    while order.numel():
        i = order[0]
        keep.append(i.item())
        # drop every remaining box that overlaps the kept one too much
        order = order[1:][iou[i, order[1:]] <= iou_threshold]
    return keep


boxes = torch.tensor(
    [[0.0, 0, 10, 10], [1, 1, 11, 11], [20, 20, 30, 30], [0, 0, 10, 9]]
)
scores = torch.tensor([0.9, 0.8, 0.7, 0.95])
print(nms(boxes, scores, iou_threshold=0.5))
# > [3, 2]
print(nms(boxes, scores, iou_threshold=0.95))  # a loose threshold keeps near-duplicates
# > [3, 0, 1, 2]
# Unsorted, greedy NMS keeps whichever box it meets first: in index order, box 0
# (0.9) survives and suppresses box 3, the best one (0.95)
print(nms(boxes, -torch.arange(4.0), 0.5))  # scores that only keep the index order
# > [0, 2]

# Two classes: a cat box and a dog box on the same spot. Plain NMS drops one of them;
# shifting each class's boxes by (class id x a number larger than any coordinate)
# keeps classes apart, so one call does per-class NMS.
labels = torch.tensor([0, 1, 0, 0])  # box 1 is a different class
print(nms(boxes, scores, 0.5), nms(boxes + labels[:, None] * 1000.0, scores, 0.5))
# > [3, 2] [3, 1, 2]
