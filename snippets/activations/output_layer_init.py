import math

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
C = 10
x = torch.randn(4096, 64)
y = torch.randint(0, C, (4096,))
model = nn.Sequential(nn.Linear(64, 256), nn.ReLU(), nn.Linear(256, C))
print(f"ln(C) = {math.log(C):.3f}, default init: {F.cross_entropy(model(x), y):.3f}")
# > ln(C) = 2.303, default init: 2.335

# a last layer 10x too large: confident, random, wrong predictions
with torch.no_grad():
    model[2].weight.mul_(10)
print(f"last layer x10: {F.cross_entropy(model(x), y):.3f}")
# > last layer x10: 4.738
# a zero (or small) last layer: exactly uniform predictions, loss exactly ln(C)
nn.init.zeros_(model[2].weight)
nn.init.zeros_(model[2].bias)
print(f"last layer zero: {F.cross_entropy(model(x), y):.3f}")
# > last layer zero: 2.303

# imbalanced binary target, 1% positives: start the bias at the prior's log-odds
target = (torch.rand(4096) < 0.01).float()
prior = target.mean().item()
head = nn.Linear(64, 1)
nn.init.zeros_(head.weight)
for b in (0.0, math.log(prior / (1 - prior))):
    nn.init.constant_(head.bias, b)
    logits = head(x).squeeze(1)
    loss = F.binary_cross_entropy_with_logits(logits, target)
    print(f"bias {b:+.2f}: p = {torch.sigmoid(logits[0]).item():.4f}, loss {loss:.4f}")
    # > bias +0.00: p = 0.5000, loss 0.6931
    # > bias -4.48: p = 0.0112, loss 0.0616
# the best constant prediction: the prior's entropy
print(f"{-(prior * math.log(prior) + (1 - prior) * math.log(1 - prior)):.4f}")
# > 0.0616
