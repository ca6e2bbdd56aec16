import torch
from torch import nn

torch.manual_seed(0)
N, C, H, W = 4, 6, 3, 3
x = torch.randn(N, C, H, W) * 3 + 1


def by_hand(x, dims):  # normalize over dims: mean 0, biased variance 1, eps 1e-5
    mean = x.mean(dims, keepdim=True)
    var = x.var(dims, keepdim=True, correction=0)
    return (x - mean) / torch.sqrt(var + 1e-5)


group = x.view(N, 2, C // 2, H, W)  # GroupNorm(2, C): 2 groups of 3 channels
ok = {
    "BatchNorm2d: N,H,W": (nn.BatchNorm2d(C)(x), by_hand(x, (0, 2, 3))),
    "LayerNorm: C,H,W": (nn.LayerNorm([C, H, W])(x), by_hand(x, (1, 2, 3))),
    "InstanceNorm2d: H,W": (nn.InstanceNorm2d(C)(x), by_hand(x, (2, 3))),
    "GroupNorm(2, C): C/2,H,W": (
        nn.GroupNorm(2, C)(x),
        by_hand(group, (2, 3, 4)).view(N, C, H, W),
    ),
}
for name, (module, hand) in ok.items():
    print(name, torch.allclose(module, hand, atol=1e-5))
    # > BatchNorm2d: N,H,W True
    # > LayerNorm: C,H,W True
    # > InstanceNorm2d: H,W True
    # > GroupNorm(2, C): C/2,H,W True

# the two ends of GroupNorm, with the default affine init (weight 1, bias 0)
print(torch.allclose(nn.GroupNorm(1, C)(x), nn.LayerNorm([C, H, W])(x), atol=1e-5))
# > True
inorm = nn.InstanceNorm2d(C, affine=True)
print(torch.allclose(nn.GroupNorm(C, C)(x), inorm(x), atol=1e-5))
# > True
# InstanceNorm2d's defaults: no affine, no running statistics
print(len(list(nn.InstanceNorm2d(C).parameters())), nn.InstanceNorm2d(C).running_mean)
# > 0 None
# the learned affine differs: GroupNorm has one per channel, LayerNorm one per element
print(nn.GroupNorm(1, C).weight.shape, nn.LayerNorm([C, H, W]).weight.shape)
# > torch.Size([6]) torch.Size([6, 3, 3])

# one sample's output: alone or in its batch (training mode)
gn, bn = nn.GroupNorm(2, C), nn.BatchNorm2d(C)
print(torch.allclose(gn(x)[:1], gn(x[:1]), atol=1e-6))
# > True
print(torch.allclose(bn(x)[:1], bn(x[:1]), atol=1e-6))
# > False

# LayerNorm(C) normalizes the last dim: on (N, C, H, W) it is not a channel norm
try:
    nn.LayerNorm(C)(x)
except RuntimeError as e:
    print(str(e).split(", but")[0])
    # > Given normalized_shape=[6], expected input with shape [*, 6]
