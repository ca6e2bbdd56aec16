"""mIoU from a confusion matrix: per-class IoU, ignore index, mean over classes."""

import torch

C, IGNORE = 3, 255  # background, road, sign; 255 marks unlabelled pixels


def confusion(pred, target):
    """(C, C) counts, rows the true class, columns the predicted one."""
    valid = target != IGNORE  # without this, 255 * C + p indexes past C * C
    idx = target[valid] * C + pred[valid]
    return torch.bincount(idx, minlength=C * C).view(C, C)


def iou_per_class(cm):
    tp = cm.diag()
    return tp / (cm.sum(0) + cm.sum(1) - tp)  # TP / (TP + FP + FN); 0/0 -> nan


target = torch.tensor(
    [
        [0, 0, 0, 0, 0, 0],
        [0, 1, 1, 1, 1, 0],
        [0, 1, 1, 1, 1, 0],
        [0, 0, 0, 0, 2, 255],
    ]
)
pred = torch.tensor(
    [
        [0, 0, 0, 0, 0, 0],
        [0, 1, 1, 1, 0, 0],
        [0, 1, 1, 1, 1, 1],
        [0, 0, 0, 2, 2, 2],
    ]
)
cm = confusion(pred, target)
print(cm.tolist())
# > [[12, 1, 1], [1, 7, 0], [0, 0, 1]]
iou = iou_per_class(cm)
print(iou.numpy().round(3), round(iou.nanmean().item(), 3))  # per class, mIoU
# > [0.8   0.778 0.5  ] 0.693
print(round((cm.diag().sum() / cm.sum()).item(), 3))  # pixel accuracy
# > 0.87

# Without the mask, the ignored pixel (255 * 3 + 2) lands outside the 3 x 3 matrix
try:
    torch.bincount(target.flatten() * C + pred.flatten(), minlength=C * C).view(C, C)
except RuntimeError as e:
    print(e)
    # > shape '[3, 3]' is invalid for input of size 768

# Predicting background everywhere: high pixel accuracy, low mIoU
cm_bg = confusion(torch.zeros_like(target), target)
iou_bg = iou_per_class(cm_bg)
print(
    round((cm_bg.diag().sum() / cm_bg.sum()).item(), 3),
    round(iou_bg.nanmean().item(), 3),
)
# > 0.609 0.203

# A dataset's mIoU sums the confusion matrices first; the mean of per-image mIoUs
# differs, and an image without a class gives nan for it, not 0
target2 = torch.zeros(4, 6, dtype=torch.long)  # all background: road, sign absent
pred2 = torch.zeros(4, 6, dtype=torch.long)
pred2[0, 0] = 1  # one false road pixel
cm2 = confusion(pred2, target2)
print(iou_per_class(cm2).numpy().round(3))
# > [0.958 0.      nan]
per_image = (iou.nanmean() + iou_per_class(cm2).nanmean()) / 2
dataset = iou_per_class(cm + cm2).nanmean()
print(round(per_image.item(), 3), round(dataset.item(), 3))
# > 0.586 0.699
