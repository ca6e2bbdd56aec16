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

# LayerNorm normalizes each sample over its own features: no batch dependence, same in
# train and eval.
print(torch.allclose(ln(batch_a)[0], ln(batch_b)[0]))
# > True

bn.eval()  # eval mode uses the running stats: the dependence on the batch is gone
print(torch.allclose(bn(batch_a)[0], bn(batch_b)[0]))
# > True

bn.train()
try:
    bn(sample)  # a batch of one has no variance to normalize with
except ValueError as e:
    print(e)
    # > Expected more than 1 value per channel when training, got input size torch.Size([1, 4])
