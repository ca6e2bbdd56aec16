"""Detection: anchors matched to objects, box targets, two losses, NMS per image."""

import torch
import torch.nn.functional as F

torch.manual_seed(0)


def box_iou(a, b):  # (N, 4) x (M, 4), boxes as (x1, y1, x2, y2) -> (N, M)
    lt = torch.max(a[:, None, :2], b[None, :, :2])
    rb = torch.min(a[:, None, 2:], b[None, :, 2:])
    inter = (rb - lt).clamp(min=0).prod(-1)
    area_a, area_b = (a[:, 2:] - a[:, :2]).prod(-1), (b[:, 2:] - b[:, :2]).prod(-1)
    return inter / (area_a[:, None] + area_b[None, :] - inter)


def centre_size(b):
    return (b[:, :2] + b[:, 2:]) / 2, b[:, 2:] - b[:, :2]


def encode(gt, anchors):  # the regression target: the box relative to its anchor
    (cg, sg), (ca, sa) = centre_size(gt), centre_size(anchors)
    return torch.cat([(cg - ca) / sa, (sg / sa).log()], dim=-1)


def decode(t, anchors):
    ca, sa = centre_size(anchors)
    c, s = ca + t[:, :2] * sa, sa * t[:, 2:].exp()
    return torch.cat([c - s / 2, c + s / 2], dim=-1)


def nms(boxes, scores, threshold=0.5):  # greedy, as in the NMS question
    order, keep = scores.argsort(descending=True), []
    while order.numel():
        keep.append(order[0].item())
        order = order[1:][box_iou(boxes[order[:1]], boxes[order[1:]])[0] <= threshold]
    return keep


# anchors: 16x16 and 32x32 boxes centred on an 8x8 grid over a 64x64 image
g = torch.arange(8.0) * 8 + 4
centres = torch.cartesian_prod(g, g)
anchors = torch.cat([torch.cat([centres - s, centres + s], -1) for s in (8, 16)])
gt_boxes = torch.tensor([[4.0, 6, 22, 26], [30, 28, 62, 58]])
gt_labels = torch.tensor([1, 2])  # classes 1 and 2; 0 is background

# Faster R-CNN's RPN rule: IoU >= 0.7 positive, < 0.3 background, between: ignored
iou = box_iou(anchors, gt_boxes)  # (128 anchors, 2 objects)
best_iou, best_gt = iou.max(1)
labels = torch.full((len(anchors),), -100)  # -100: cross_entropy's ignore_index
labels[best_iou < 0.3] = 0
labels[best_iou >= 0.7] = gt_labels[best_gt[best_iou >= 0.7]]
print("best IoU per object:", [round(v, 2) for v in iou.max(0).values.tolist()])
# > best IoU per object: [0.57, 0.83]
print("positives per object:", [(labels == k).sum().item() for k in (1, 2)])
# > positives per object: [0, 1]
labels[iou.argmax(0)] = gt_labels  # and each object's best anchor, whatever its IoU
print("positives per object:", [(labels == k).sum().item() for k in (1, 2)])
# > positives per object: [1, 1]
print("background, ignored:", (labels == 0).sum().item(), (labels == -100).sum().item())
# > background, ignored: 109 17

targets = encode(gt_boxes[best_gt], anchors)
print(
    "decode(encode(box)) == box:",
    torch.allclose(decode(targets, anchors), gt_boxes[best_gt]),
)
# > decode(encode(box)) == box: True
# offsets relative to the anchor's size: an image 3x larger has the same targets
same = torch.allclose(encode(gt_boxes[best_gt] * 3, anchors * 3), targets, atol=1e-6)
print("same targets at 3x scale:", same)
# > same targets at 3x scale: True

# the head predicts, per anchor, 3 class logits and 4 offsets: one loss for each
cls_logits = torch.randn(len(anchors), 3, requires_grad=True)
deltas = torch.randn(len(anchors), 4, requires_grad=True)
pos = labels > 0
loss_cls = F.cross_entropy(cls_logits, labels)  # every anchor not ignored
loss_box = F.smooth_l1_loss(deltas[pos], targets[pos])  # positives only
(loss_cls + loss_box).backward()
print("anchors with a box gradient:", (deltas.grad.abs().sum(1) > 0).sum().item())
# > anchors with a box gradient: 2
print("with a class gradient:", (cls_logits.grad.abs().sum(1) > 0).sum().item())
# > with a class gradient: 111

# inference on two images: a list of (K_i, 4) detections, K_i set by the image
for objects in (gt_boxes, torch.tensor([[10.0, 34, 40, 62]])):  # 2 objects, then 1
    score, nearest = box_iou(anchors, objects).max(1)  # a stand-in for a trained head:
    t = encode(objects[nearest], anchors) + 0.05 * torch.randn(len(anchors), 4)
    boxes = decode(t, anchors)  # IoU as its score, and nearly the right offsets
    keep = score > 0.5
    detections = boxes[keep][nms(boxes[keep], score[keep])]
    print(f"boxes above 0.5: {keep.sum().item()}, after NMS: {tuple(detections.shape)}")
    # > boxes above 0.5: 5, after NMS: (2, 4)
    # > boxes above 0.5: 4, after NMS: (1, 4)
