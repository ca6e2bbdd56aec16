"""An RPN's anchors, head, labels and loss, at the sizes of Faster R-CNN on VGG-16."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def box_iou(a, b):
    lt = torch.max(a[:, None, :2], b[None, :, :2])
    rb = torch.min(a[:, None, 2:], b[None, :, 2:])
    inter = (rb - lt).clamp(min=0).prod(dim=-1)
    area_a = (a[:, 2:] - a[:, :2]).prod(dim=-1)
    area_b = (b[:, 2:] - b[:, :2]).prod(dim=-1)
    return inter / (area_a[:, None] + area_b[None, :] - inter)


def anchors(fh, fw, stride=16, sizes=(128, 256, 512), ratios=(0.5, 1.0, 2.0)):
    """k = len(sizes) * len(ratios) boxes centred on every cell, as (H*W*k, 4)."""
    base = []
    for r in ratios:  # r = h / w; the area stays size**2
        for s in sizes:
            w, h = s / math.sqrt(r), s * math.sqrt(r)
            base.append([-w / 2, -h / 2, w / 2, h / 2])
    ys, xs = torch.meshgrid(torch.arange(fh), torch.arange(fw), indexing="ij")
    centres = (torch.stack([xs, ys, xs, ys], -1).reshape(-1, 1, 4) + 0.5) * stride
    return (centres + torch.tensor(base)).reshape(-1, 4)


def encode(gt, anc):  # (tx, ty, tw, th) of Faster R-CNN's eq. 2
    wa, ha = anc[:, 2] - anc[:, 0], anc[:, 3] - anc[:, 1]
    w, h = gt[:, 2] - gt[:, 0], gt[:, 3] - gt[:, 1]
    dx = (gt[:, 0] + gt[:, 2] - anc[:, 0] - anc[:, 2]) / 2 / wa
    dy = (gt[:, 1] + gt[:, 3] - anc[:, 1] - anc[:, 3]) / 2 / ha
    return torch.stack([dx, dy, (w / wa).log(), (h / ha).log()], 1)


fh, fw, k = 38, 63, 9  # a 600 x 1000 image at stride 16
A = anchors(fh, fw)
print(A.shape, A[:3].round())  # 9 anchors per cell; the first three: ratio 0.5
# > torch.Size([21546, 4]) tensor([[ -83.,  -37.,   99.,   53.],
# >         [-173.,  -83.,  189.,   99.],
# >         [-354., -173.,  370.,  189.]])


class RPNHead(nn.Module):
    """3x3 conv, then two sibling 1x1 convs: 2k objectness scores, 4k box deltas."""

    def __init__(self, c=512, k=9):
        super().__init__()
        self.conv = nn.Conv2d(c, c, 3, padding=1)
        self.cls = nn.Conv2d(c, 2 * k, 1)  # the paper's 2-class softmax per anchor
        self.reg = nn.Conv2d(c, 4 * k, 1)

    def forward(self, x):
        x = F.relu(self.conv(x))
        n = x.shape[0]  # (N, 2k, H, W) -> (N, H*W*k, 2), in the anchors' order
        cls = self.cls(x).permute(0, 2, 3, 1).reshape(n, -1, 2)
        return cls, self.reg(x).permute(0, 2, 3, 1).reshape(n, -1, 4)


torch.manual_seed(0)
head = RPNHead()
print(head.cls.weight.numel() + head.reg.weight.numel())  # 512 x (4 + 2) x 9
# > 27648
cls, reg = head(torch.randn(1, 512, fh, fw))
print(cls.shape, reg.shape)
# > torch.Size([1, 21546, 2]) torch.Size([1, 21546, 4])


def inside_image(a, h, w):
    return (a[:, :2] >= 0).all(1) & (a[:, 2] <= w) & (a[:, 3] <= h)


# The paper's training ignores the anchors that cross the image border
inside = inside_image(A, 600, 1000)
print(inside.sum().item())
# > 8044

# Labels: 1 from IoU 0.7 or the best anchor of a ground truth, 0 below 0.3, else -1
gt = torch.tensor([[100.0, 100, 356, 356], [600, 200, 640, 500]])  # the second is thin
iou = box_iou(A, gt) * inside[:, None]  # (anchors, ground truths)
best_iou, best_gt = iou.max(1)
labels = torch.where(inside, 0, -1)  # border anchors: -1, never in the loss
labels[inside & (best_iou >= 0.3)] = -1
labels[best_iou >= 0.7] = 1
print(iou.max(0).values.numpy().round(3), (labels == 1).sum().item())
# > [0.94  0.342] 15
print([(labels == 1)[best_gt == g].sum().item() for g in range(2)])  # per ground truth
# > [15, 0]
labels[(iou == iou.max(0).values).any(1)] = 1  # the best anchor(s) of each ground truth
print([(labels == 1)[best_gt == g].sum().item() for g in range(2)])
# > [15, 24]

# 256 anchors per image, up to half positive; too few positives: fill with negatives
pos = torch.where(labels == 1)[0]
neg = torch.where(labels == 0)[0]
neg = neg[torch.randperm(len(neg))[: 256 - min(len(pos), 128)]]
print(len(pos), len(neg))
# > 39 217

# Loss: cross-entropy on the 256 sampled, smooth L1 on the positives' deltas only
reg = reg[0].detach().requires_grad_()
sampled = torch.cat([pos, neg])
l_cls = F.cross_entropy(cls[0, sampled], labels[sampled])  # / N_cls = 256
target = encode(gt[best_gt[pos]], A[pos])
l_reg = F.smooth_l1_loss(reg[pos], target, beta=1 / 9, reduction="sum") / (fh * fw)
(l_cls + 10 * l_reg).backward()  # the paper: lambda = 10, N_reg = number of cells
print((reg.grad.abs().sum(1) > 0).nonzero().flatten().tolist() == pos.tolist())
# > True
# py-faster-rcnn and torchvision (beta = 1/9 is theirs): lambda = 1, sum / 256 sampled.
print(round(10 / (fh * fw), 5), round(1 / 256, 5))  # the box term's weight, both ways
# > 0.00418 0.00391
