"""Semantic segmentation is classification per pixel: the loss's shapes."""

import torch
import torch.nn.functional as F

torch.manual_seed(0)
N, C, H, W = 2, 3, 4, 5
logits = torch.randn(N, C, H, W)  # a score per class per pixel
target = torch.randint(0, C, (N, H, W))  # a class index per pixel: no channel dim
loss = F.cross_entropy(logits, target)
per_pixel = F.cross_entropy(logits, target, reduction="none")
print(per_pixel.shape, torch.allclose(loss, per_pixel.mean()))
# > torch.Size([2, 4, 5]) True

# The same as flattening the pixels into a batch of N*H*W classifications:
flat = logits.permute(0, 2, 3, 1).reshape(-1, C)
print(torch.allclose(loss, F.cross_entropy(flat, target.reshape(-1))))
# > True

# One-hot float targets (N, C, H, W) are read as class probabilities: the same
# loss here, but then ignore_index is refused
onehot = F.one_hot(target, C).permute(0, 3, 1, 2).float()
print(torch.allclose(loss, F.cross_entropy(logits, onehot)))
# > True
try:
    F.cross_entropy(logits, onehot, ignore_index=255)
except RuntimeError as e:
    print(e)
    # > ignore_index is not supported for floating point target

# Unlabelled pixels (borders, "void") are left out with ignore_index:
target[:, 0, :] = 255
kept = F.cross_entropy(logits, target, ignore_index=255)
mask = target != 255
manual = (
    -F.log_softmax(logits, 1).gather(1, (target * mask)[:, None])[:, 0][mask].mean()
)
print(torch.allclose(kept, manual))
# > True

# A target with a channel dim of size 1, as a mask loader often returns, is refused:
try:
    F.cross_entropy(logits, target[:, None])
except RuntimeError as e:
    print(str(e).splitlines()[0][:70])
    # > only batches of spatial targets supported (3D tensors) but got targets
