import torch
import torch.nn.functional as F
from torch import nn

# One strong activation (a detected feature) in a 4x4 map of weak ones
x = torch.full((1, 1, 4, 4), 0.1)
x[0, 0, 1, 0] = 5.0
print([round(v, 3) for v in F.max_pool2d(x, 2).flatten().tolist()])  # keeps the peak
# > [5.0, 0.1, 0.1, 0.1]
print([round(v, 3) for v in F.avg_pool2d(x, 2).flatten().tolist()])  # dilutes it by 4
# > [1.325, 0.1, 0.1, 0.1]

# The gradient: max sends it all to the winner of each window, average spreads it evenly
for pool in (F.max_pool2d, F.avg_pool2d):
    x_ = x.clone().requires_grad_()
    pool(x_, 2).sum().backward()
    print(pool.__name__, x_.grad[0, 0, :2, :2].flatten().tolist())
    # > max_pool2d [0.0, 0.0, 1.0, 0.0]
    # > avg_pool2d [0.25, 0.25, 0.25, 0.25]

# Global average pooling: one number per channel, for any spatial size, no parameters
torch.manual_seed(0)
gap = nn.AdaptiveAvgPool2d(1)
for hw in [(7, 7), (10, 13)]:
    feats = torch.randn(2, 512, *hw)
    out = gap(feats)
    print(tuple(out.shape), torch.allclose(out.flatten(1), feats.mean(dim=(2, 3))))
    # > (2, 512, 1, 1) True
    # > (2, 512, 1, 1) True
print(sum(p.numel() for p in gap.parameters()))
# > 0
