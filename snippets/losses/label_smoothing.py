import math

import torch
import torch.nn.functional as F

C, eps = 4, 0.1
target = torch.tensor([2])

# the target label_smoothing trains against: (1 - eps) * one_hot + eps / C
soft = torch.full((1, C), eps / C)
soft[0, 2] += 1 - eps
print(soft)
# > tensor([[0.0250, 0.0250, 0.9250, 0.0250]])

for gap in (0.0, 3.61, 10.0, 30.0):  # target logit minus the others
    logits = torch.zeros(1, C)
    logits[0, 2] = gap
    smoothed = F.cross_entropy(logits, target, label_smoothing=eps)
    same = torch.allclose(smoothed, F.cross_entropy(logits, soft))
    plain = F.cross_entropy(logits, target)
    print(gap, same, round(smoothed.item(), 4), round(plain.item(), 4))
    # > 0.0 True 1.3863 1.3863
    # > 3.61 True 0.3488 0.078
    # > 10.0 True 0.7501 0.0001
    # > 30.0 True 2.25 0.0

# the minimum is the entropy of the soft target, at a finite gap ln(0.925 / 0.025)
entropy = -(soft * soft.log()).sum()
print(round(entropy.item(), 4), round(math.log(0.925 / 0.025), 2))
# > 0.3488 3.61

# at that minimum the model predicts the soft target itself: its confidence is capped
best = torch.zeros(1, C)
best[0, 2] = math.log(0.925 / 0.025)
print(best.softmax(-1))
# > tensor([[0.0250, 0.0250, 0.9250, 0.0250]])

# past that gap the gradient pushes the target logit back down
logits = torch.tensor([[0.0, 0.0, 30.0, 0.0]], requires_grad=True)
F.cross_entropy(logits, target, label_smoothing=eps).backward()
print(logits.grad)
# > tensor([[-0.0250, -0.0250,  0.0750, -0.0250]])

# the floor is not a constant: it grows with the number of classes. Adam from
# random logits ends at the soft target's entropy, and not below it
for classes in (4, 10, 1000, 32000):
    torch.manual_seed(0)
    z = torch.randn(1, classes, requires_grad=True)
    opt = torch.optim.Adam([z], lr=0.2)
    for _ in range(300):
        loss = F.cross_entropy(z, torch.tensor([0]), label_smoothing=eps)
        opt.zero_grad()
        loss.backward()
        opt.step()
    loss = F.cross_entropy(z, torch.tensor([0]), label_smoothing=eps)
    q = torch.full((classes,), eps / classes)
    q[0] += 1 - eps
    print(classes, round(loss.item(), 3), round(-(q * q.log()).sum().item(), 3))
    # > 4 0.349 0.349
    # > 10 0.5 0.5
    # > 1000 1.015 1.015
    # > 32000 1.362 1.362
