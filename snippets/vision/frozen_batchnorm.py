"""Freezing a backbone's parameters does not freeze its BatchNorm statistics."""

import torch
from torch import nn

torch.manual_seed(0)
backbone = nn.Sequential(nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8), nn.ReLU())
head = nn.Linear(8, 2)
for p in backbone.parameters():
    p.requires_grad_(False)  # "frozen"

bn = backbone[1]
before, var_before = bn.running_mean.clone(), bn.running_var.clone()
model = nn.Sequential(backbone, nn.AdaptiveAvgPool2d(1), nn.Flatten(), head).train()
model(torch.randn(4, 3, 16, 16) * 5 + 3)  # new-domain data: another mean and scale
# requires_grad=False did not stop this: both statistics moved
print(torch.equal(before, bn.running_mean), torch.equal(var_before, bn.running_var))
# > False False

# The fix: put the frozen part in eval mode after every model.train().
bn.running_mean.copy_(before)
backbone.eval()
model.train()  # train() resets every submodule: the eval() above is undone
print(bn.training)
# > True
backbone.eval()
model(torch.randn(4, 3, 16, 16) * 5 + 3)
print(torch.equal(before, bn.running_mean), bn.training, head.training)
# > True False True

trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
print(trainable, sum(p.numel() for p in model.parameters()))  # only the head's 18
# > 18 258
