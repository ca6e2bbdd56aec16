"""Detector imbalance: easy negatives swamp CE; mining picks, focal loss reweights."""

import math

import torch
import torch.nn.functional as F


def focal(p, y, alpha=0.25, gamma=2.0):  # per anchor, p = sigmoid(logit)
    p_t = torch.where(y == 1, p, 1 - p)
    a_t = torch.where(y == 1, alpha, 1 - alpha)
    return -a_t * (1 - p_t) ** gamma * p_t.log()


# 100,000 easy background anchors (p = 0.01) and 100 hard objects (p = 0.3)
p = torch.cat([torch.full((100_000,), 0.01), torch.full((100,), 0.3)])
y = torch.cat([torch.zeros(100_000), torch.ones(100)])
ce = F.binary_cross_entropy(p, y, reduction="none")
fl = focal(p, y)
neg = y == 0
print(
    round((ce[neg].sum() / ce.sum()).item(), 3),
    round((fl[neg].sum() / fl.sum()).item(), 4),
)
# > 0.893 0.0051

# (1 - p_t)^2 cuts an example with p_t = 0.9 by 100x, p_t = 0.968 by about 1000x
print([round(1 / (1 - pt) ** 2) for pt in (0.9, 0.968)])
# > [100, 977]

# The prior: bias -log((1 - pi) / pi), pi = 0.01, so step 0 starts at p = 0.01 on
# every anchor instead of 0.5, and the background's loss does not explode
b = -math.log((1 - 0.01) / 0.01)
start = [
    focal(torch.full((100_000,), q), torch.zeros(100_000)).sum() for q in (0.5, 0.01)
]
print(round(b, 3), [round(v.item(), 3) for v in start])
# > -4.595 [12996.508, 0.075]

# SSD's hard negative mining: keep the negatives with the highest loss, 3 per positive
torch.manual_seed(0)
loss = torch.rand(20)  # per default box, after the forward pass
is_pos = torch.zeros(20, dtype=torch.bool)
is_pos[[3, 11]] = True
neg_loss = loss.masked_fill(is_pos, -1)  # rank only the negatives
hard = neg_loss.topk(3 * is_pos.sum().item()).indices
print(sorted(hard.tolist()), f"{len(hard)} of {(~is_pos).sum().item()} negatives")
# > [1, 5, 7, 9, 16, 17] 6 of 18 negatives

# OHEM: run every RoI forward, backpropagate only the B highest losses, whatever the
# class; the others get no gradient
logits = torch.randn(12, 3, requires_grad=True)  # 12 RoIs, 3 classes (0 = background)
labels = torch.tensor([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 2])
per_roi = F.cross_entropy(logits, labels, reduction="none")
top = per_roi.detach().topk(4).indices
per_roi[top].mean().backward()
print(sorted(top.tolist()), (logits.grad.abs().sum(1) > 0).nonzero().flatten().tolist())
# > [4, 5, 9, 10] [4, 5, 9, 10]

# The paper first runs NMS at IoU 0.7 over the RoIs ranked by loss (section 4), so that
# near-copies of one region do not fill the set; here RoI 5 is RoI 4 shifted 2 px
boxes = torch.tensor([[i * 40.0, 0, i * 40 + 30, 30] for i in range(12)])
boxes[5] = boxes[4] + 2


def iou(a, b):
    wh = (torch.min(a[2:], b[2:]) - torch.max(a[:2], b[:2])).clamp(min=0)
    inter = wh.prod()
    return inter / ((a[2:] - a[:2]).prod() + (b[2:] - b[:2]).prod() - inter)


kept = []
for i in per_roi.detach().argsort(descending=True).tolist():
    if all(iou(boxes[i], boxes[j]) <= 0.7 for j in kept):
        kept.append(i)
print(sorted(kept[:4]), f"IoU(4, 5) = {iou(boxes[4], boxes[5]):.2f}")
# > [4, 7, 9, 10] IoU(4, 5) = 0.77
