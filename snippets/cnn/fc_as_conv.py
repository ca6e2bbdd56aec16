import torch
from torch import nn

torch.manual_seed(0)
C, H, W, classes = 64, 5, 5, 10
feats = torch.randn(2, C, H, W)  # the last feature map of a CNN

fc = nn.Linear(C * H * W, classes)  # the classic head: flatten, then a dense layer
conv = nn.Conv2d(C, classes, kernel_size=(H, W))  # one kernel as large as the map
with (
    torch.no_grad()
):  # flatten's (C, H, W) order is the kernel's layout: reshape is enough
    conv.weight.copy_(fc.weight.view(classes, C, H, W))
    conv.bias.copy_(fc.bias)
    y_fc, y_conv = fc(feats.flatten(1)), conv(feats)
print(y_conv.shape, torch.allclose(y_fc, y_conv.flatten(1), atol=1e-5))
# > torch.Size([2, 10, 1, 1]) True

# The converted head runs on a larger map: a score vector per 5x5 window (OverFeat, FCN)
big = torch.randn(1, C, 9, 9)
with torch.no_grad():
    scores = conv(big)
    window = fc(big[:, :, 2:7, 3:8].flatten(1))  # the window at row 2, column 3
print(scores.shape, torch.allclose(scores[0, :, 2, 3], window[0], atol=1e-5))
# > torch.Size([1, 10, 5, 5]) True
try:
    fc(big.flatten(1))  # the dense head refuses the larger map
except RuntimeError as e:
    print(e)
    # > mat1 and mat2 shapes cannot be multiplied (1x5184 and 1600x10)
