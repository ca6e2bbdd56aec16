import torch
from torch import nn

torch.manual_seed(0)
C, g = 12, 3  # 12 channels in 3 groups of 4


def grouped_1x1():
    conv = nn.Conv2d(C, C, 1, groups=g, bias=False)
    nn.init.uniform_(conv.weight, 0.1, 1.0)  # positive: no path cancels by chance
    return conv


def shuffle(x, groups):  # (N, g, C/g, H, W) -> swap the two -> flatten back
    n, c, h, w = x.shape
    return x.view(n, groups, c // groups, h, w).transpose(1, 2).reshape(n, c, h, w)


def reach(net):
    """reach[i, j]: does input group i reach output group j?"""
    eye = torch.eye(C).view(C, C, 1, 1)  # one input channel on at a time
    with torch.no_grad():
        out = net(eye).view(C, C)  # out[i, o]: effect of input channel i on output o
    return (out.view(g, C // g, g, C // g) != 0).any(3).any(1).int()


plain = nn.Sequential(grouped_1x1(), nn.ReLU(), grouped_1x1())
print(reach(plain))  # without the shuffle, each group stays in its own lane
# > tensor([[1, 0, 0],
# >         [0, 1, 0],
# >         [0, 0, 1]], dtype=torch.int32)

deep = nn.Sequential(*[grouped_1x1() for _ in range(6)])
print(torch.equal(reach(deep), torch.eye(g, dtype=torch.int32)))  # depth does not help
# > True

shuffled = nn.Sequential(grouped_1x1(), nn.ReLU(), nn.ChannelShuffle(g), grouped_1x1())
print(reach(shuffled))  # after one shuffle, every group reads every group
# > tensor([[1, 1, 1],
# >         [1, 1, 1],
# >         [1, 1, 1]], dtype=torch.int32)

# The shuffle is a fixed permutation of channels: reshape, transpose, flatten
x = torch.arange(C, dtype=torch.float32).view(1, C, 1, 1)
print(shuffle(x, g).flatten().int().tolist())
# > [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]
print(torch.equal(shuffle(x, g), nn.ChannelShuffle(g)(x)))
# > True

y = nn.ChannelShuffle(g)(x)  # a copy, not a view: it moves memory, unlike a reshape
print(y.untyped_storage().data_ptr() == x.untyped_storage().data_ptr())
# > False

# What it saves: a grouped 1x1 costs C*C/g weights, a dense one C*C; the shuffle none
dense = nn.Conv2d(C, C, 1, bias=False)
print(
    grouped_1x1().weight.numel(),
    dense.weight.numel(),
    sum(p.numel() for p in nn.ChannelShuffle(g).parameters()),
)
# > 48 144 0
