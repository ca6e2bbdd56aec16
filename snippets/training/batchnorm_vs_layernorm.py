import textwrap

import torch
from torch import nn

torch.manual_seed(0)
bn, ln = nn.BatchNorm1d(4), nn.LayerNorm(4)
sample = torch.randn(1, 4)
# two different sets of batch mates
mates_a, mates_b = torch.randn(7, 4), torch.randn(7, 4)
batch_a = torch.cat([sample, mates_a])
batch_b = torch.cat([sample, mates_b])

# BatchNorm (train mode) normalizes each feature over the batch: the sample's output
# depends on its mates.
diff = (bn(batch_a)[0] - bn(batch_b)[0]).abs().max().item()
print(f"{diff:.4f}")
# > 0.6702

# LayerNorm normalizes each row over its own features: no batch dependence, and the
# same output in eval mode
print(
    torch.allclose(ln(batch_a)[0], ln(batch_b)[0]),
    torch.equal(ln(batch_a), ln.eval()(batch_a)),
)
# > True True

# LayerNorm(C) on (N, L, C) normalizes each token over its C features: per token
tokens = torch.randn(2, 3, 4)
print(torch.allclose(ln(tokens)[0, 1], ln(tokens[0, 1])))
# > True

bn.eval()  # eval mode uses the running stats: the dependence on the batch is gone
print(torch.allclose(bn(batch_a)[0], bn(batch_b)[0]))
# > True

bn.train()
try:
    bn(sample)  # a batch of one has no variance to normalize with
except ValueError as e:
    print(textwrap.fill(str(e), 80))
    # > Expected more than 1 value per channel when training, got input size
    # > torch.Size([1, 4])

# without running statistics, eval mode normalizes with the batch too, and fails alike
try:
    nn.BatchNorm1d(4, track_running_stats=False).eval()(sample)
except ValueError as e:
    print(str(e).split(", got ")[0])
    # > Expected more than 1 value per channel when training

# BatchNorm1d on (N, C, L) and BatchNorm2d normalize each channel over the batch AND
# the length or the spatial positions: one sample with more than one position works,
# one image of 1x1 pixels (after global pooling) does not.
for norm, shape in [(nn.BatchNorm1d, (1, 3, 5)), (nn.BatchNorm2d, (1, 3, 2, 2))]:
    out = norm(3)(torch.randn(shape))
    dims = [d for d in range(out.ndim) if d != 1]  # all but the channel
    print(out.shape, torch.allclose(out.mean(dim=dims), torch.zeros(3), atol=1e-6))
    # > torch.Size([1, 3, 5]) True
    # > torch.Size([1, 3, 2, 2]) True
try:
    nn.BatchNorm2d(3)(torch.randn(1, 3, 1, 1))
except ValueError as e:
    print(str(e).split(", got ")[1])
    # > input size torch.Size([1, 3, 1, 1])

# The usual substitute for small batches of images: GroupNorm normalizes each sample
# over groups of channels and their positions, so the batch does not matter, and one
# 1x1 image works
gn = nn.GroupNorm(2, 4)
images = torch.randn(8, 4, 3, 3)
print(torch.allclose(gn(images)[:1], gn(images[:1])), gn(torch.randn(1, 4, 1, 1)).shape)
# > True torch.Size([1, 4, 1, 1])

# RMSNorm: LayerNorm without the mean subtraction and the bias, over the same last dim
rms = nn.RMSNorm(4, eps=1e-6)
by_hand = batch_a * torch.rsqrt(batch_a.pow(2).mean(dim=-1, keepdim=True) + 1e-6)
print(
    torch.allclose(rms(batch_a), by_hand),
    torch.allclose(rms(batch_a)[0], rms(sample)[0]),
)
# > True True
