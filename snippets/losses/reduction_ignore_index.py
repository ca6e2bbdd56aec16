import torch
import torch.nn.functional as F

torch.manual_seed(0)
logits = torch.randn(4, 3)
target = torch.tensor([0, 2, -100, -100])  # -100 (the default ignore_index): padding

per_token = F.cross_entropy(logits, target, reduction="none")
print([round(v, 4) for v in per_token.tolist()])  # ignored positions give 0
# > [0.1689, 2.2532, 0.0, 0.0]
mean = F.cross_entropy(logits, target)
print(round(mean.item(), 4), round(per_token.sum().item() / 2, 4))  # / 2, not / 4
# > 1.211 1.211

# a batch where every target is ignored: mean is 0 / 0
all_ignored = torch.full((4,), -100)
total = F.cross_entropy(logits, all_ignored, reduction="sum")
print(F.cross_entropy(logits, all_ignored), total)
# > tensor(nan) tensor(0.)
leaf = logits.clone().requires_grad_()
F.cross_entropy(leaf, all_ignored).backward()
print(leaf.grad.abs().sum())  # the gradient is 0, not NaN: the logged loss breaks
# > tensor(0.)
# the guarded form: sum, then divide by the count of real targets (at least 1)
count = (all_ignored != -100).sum().clamp(min=1)
print(total / count)
# > tensor(0.)

# with class weights, "mean" divides by the sum of the targets' weights, not by N
weight = torch.tensor([1.0, 2.0, 3.0])
full = torch.tensor([0, 2, 1, 2])
weighted = F.cross_entropy(logits, full, weight=weight, reduction="none")
print(
    round(F.cross_entropy(logits, full, weight=weight).item(), 4),
    round((weighted.sum() / weight[full].sum()).item(), 4),
    round(weighted.mean().item(), 4),
)
# > 1.1412 1.1412 2.5677
# for class indices only: the same targets as probabilities divide by N
one_hot = F.one_hot(full, 3).float()
print(round(F.cross_entropy(logits, one_hot, weight=weight).item(), 4))
# > 2.5677
# label_smoothing keeps the index rule: its own soft target, as probabilities,
# gives the same per-element losses but a different mean
soft = 0.9 * one_hot + 0.1 / 3
kw = dict(weight=weight, reduction="none")
each = F.cross_entropy(logits, full, label_smoothing=0.1, **kw)
print(torch.allclose(each, F.cross_entropy(logits, soft, **kw)))
# > True
smoothed = F.cross_entropy(logits, full, weight=weight, label_smoothing=0.1)
as_probs = F.cross_entropy(logits, soft, weight=weight)
print(round(smoothed.item(), 4), round(as_probs.item(), 4))  # / sum(w[y]) vs / N
# > 1.1824 2.6604

# "sum" instead of "mean" multiplies the gradient by the count of real targets
w = torch.zeros(3, 3, requires_grad=True)
x = torch.randn(64, 3)
y = torch.randint(0, 3, (64,))
y[48:] = -100  # 16 padding positions
(g_mean,) = torch.autograd.grad(F.cross_entropy(x @ w, y), w)
(g_sum,) = torch.autograd.grad(F.cross_entropy(x @ w, y, reduction="sum"), w)
print(round((g_sum.norm() / g_mean.norm()).item(), 2))  # 48 real targets, not 64
# > 48.0
