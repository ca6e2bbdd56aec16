"""Hard NMS deletes an occluded neighbour; Soft-NMS lowers its score instead."""

import torch


def box_iou(a, b):
    lt = torch.max(a[:, None, :2], b[None, :, :2])
    rb = torch.min(a[:, None, 2:], b[None, :, 2:])
    inter = (rb - lt).clamp(min=0).prod(dim=-1)
    area_a = (a[:, 2:] - a[:, :2]).prod(dim=-1)
    area_b = (b[:, 2:] - b[:, :2]).prod(dim=-1)
    return inter / (area_a[:, None] + area_b[None, :] - inter)


def nms(boxes, scores, thr):
    order, keep = scores.argsort(descending=True).tolist(), []
    while order:
        i = order.pop(0)
        keep.append(i)
        order = [j for j in order if box_iou(boxes[i : i + 1], boxes[j : j + 1]) <= thr]
    return keep, scores[keep]


def soft_nms(boxes, scores, method, nt=0.3, sigma=0.5, min_score=0.001):
    """Bodla et al. 2017: decay every remaining score by its IoU with the pick."""
    scores, left, keep, kept = scores.clone(), list(range(len(boxes))), [], []
    while left:
        i = max(left, key=lambda j: scores[j])
        left.remove(i)
        keep.append(i)
        kept.append(scores[i].item())
        for j in left:
            iou = box_iou(boxes[i : i + 1], boxes[j : j + 1]).item()
            if method == "linear" and iou >= nt:
                scores[j] *= 1 - iou
            elif method == "gaussian":  # no threshold: every overlap decays a little
                scores[j] *= torch.exp(torch.tensor(-(iou**2) / sigma))
        left = [j for j in left if scores[j] > min_score]
    return keep, torch.tensor(kept)


# Two people, the second partly hidden behind the first (their IoU is 0.54)
gt = torch.tensor([[0.0, 0, 10, 20], [3, 0, 13, 20]])
boxes = torch.tensor(
    [
        [0.0, 0, 10, 20],  # the first person, 0.95
        [0.0, 0, 10, 14],  # a duplicate of the first (IoU 0.70), 0.90
        [3.0, 0, 13, 20],  # the second person (IoU 0.54 with the first), 0.80
    ]
)
scores = torch.tensor([0.95, 0.90, 0.80])
print(box_iou(boxes, boxes).numpy().round(3))
# > [[1.    0.7   0.538]
# >  [0.7   1.    0.405]
# >  [0.538 0.405 1.   ]]


def ap50(keep):
    """AP at IoU 0.5 of the ranked output, COCO's 101-point interpolation."""
    taken, tp = set(), []
    for i in keep:  # keep is already in the output's rank order
        iou = box_iou(boxes[i : i + 1], gt)[0]
        iou[list(taken)] = -1
        j = iou.argmax().item()
        tp.append(iou[j] >= 0.5)
        if tp[-1]:
            taken.add(j)
    tp = torch.tensor(tp, dtype=torch.float64)
    rec, prec = tp.cumsum(0) / len(gt), tp.cumsum(0) / torch.arange(1, len(tp) + 1)
    env = torch.cat([prec.flip(0).cummax(0).values.flip(0), torch.zeros(1)])
    return round(
        env[torch.searchsorted(rec, torch.linspace(0, 1, 101))].mean().item(), 3
    )


for name, (keep, kept) in [
    ("nms 0.5", nms(boxes, scores, 0.5)),  # the second person is deleted
    ("nms 0.75", nms(boxes, scores, 0.75)),  # kept, but so is the duplicate, above it
    ("soft linear", soft_nms(boxes, scores, "linear")),
    ("soft gaussian", soft_nms(boxes, scores, "gaussian")),
]:
    print(name, keep, kept.numpy().round(3), ap50(keep))
    # > nms 0.5 [0] [0.95] 0.505
    # > nms 0.75 [0, 1, 2] [0.95 0.9  0.8 ] 0.835
    # > soft linear [0, 2, 1] [0.95  0.369 0.161] 1.0
    # > soft gaussian [0, 2, 1] [0.95  0.448 0.243] 1.0
