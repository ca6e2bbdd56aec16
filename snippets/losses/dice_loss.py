import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
# torch has no Dice loss: none of torch.nn's losses, nothing in functional
losses = [n for n in dir(nn) if n.endswith("Loss")]
found = [n for n in losses + dir(F) if "dice" in n.lower().replace("indices", "")]
print(len(losses), found)
# > 23 []


def soft_dice_loss(logits, target, smooth=1.0):
    """1 - (2 |P * G| + s) / (|P| + |G| + s) per image, averaged over the batch."""
    p = torch.sigmoid(logits).flatten(1)
    g = target.flatten(1)
    inter = (p * g).sum(1)
    dice = (2 * inter + smooth) / (p.sum(1) + g.sum(1) + smooth)
    return (1 - dice).mean()


# one 100 x 100 mask, 1% foreground (a 10 x 10 square)
target = torch.zeros(1, 100, 100)
target[0, 40:50, 40:50] = 1.0

all_background = torch.full_like(target, -4.0)  # p = 0.018 everywhere
found = all_background.clone()
found[0, 40:50, 40:50] = 4.0  # p = 0.982 on the square
for name, logits in (("all background", all_background), ("found it", found)):
    bce = F.binary_cross_entropy_with_logits(logits, target)
    print(f"{name:14} bce {bce:.3f}  dice loss {soft_dice_loss(logits, target):.3f}")
    # > all background bce 0.058  dice loss 0.984
    # > found it       bce 0.018  dice loss 0.477

# Dice is relative to the object's size; BCE of "all background" grows with it
for side in (10, 32, 71):  # 1%, 10%, 50% foreground
    mask = torch.zeros(1, 100, 100)
    mask[0, :side, :side] = 1.0
    bce = F.binary_cross_entropy_with_logits(all_background, mask)
    dice = soft_dice_loss(all_background, mask)
    print(f"{mask.mean():.2f} bce {bce:.3f}  dice loss {dice:.3f}")
    # > 0.01 bce 0.058  dice loss 0.984
    # > 0.10 bce 0.428  dice loss 0.969
    # > 0.50 bce 2.035  dice loss 0.965

# the smoothing term: an empty mask predicted empty is a perfect answer
empty, off = torch.zeros(1, 100, 100), torch.full((1, 100, 100), -200.0)
print(torch.sigmoid(off).max().item())  # exactly 0 in float32
# > 0.0
for smooth in (0.0, 1.0):
    print(smooth, soft_dice_loss(off, empty, smooth=smooth).item())
    # > 0.0 nan
    # > 1.0 0.0
