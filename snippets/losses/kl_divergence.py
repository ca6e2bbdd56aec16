import warnings

import torch
import torch.nn.functional as F

torch.manual_seed(0)
N, C = 4, 10
p = torch.randn(N, C).softmax(1)  # the target distribution (a teacher)
logits = torch.randn(N, C, requires_grad=True)  # the model's
log_q = logits.log_softmax(1)

# F.kl_div(input=log q, target=p) is KL(p || q) = sum p (log p - log q)
kl = (p * (p.log() - log_q)).sum(1)  # per sample
batchmean = F.kl_div(log_q, p, reduction="batchmean")
print(torch.allclose(batchmean, kl.mean()))
# > True
print(
    torch.allclose(
        F.kl_div(log_q, p.log(), reduction="batchmean", log_target=True), kl.mean()
    )
)
# > True
# "mean" divides the sum by N * C elements, not by N: C times smaller
with warnings.catch_warnings(record=True):  # it warns (a UserWarning) and says so
    warnings.simplefilter("always")
    mean = F.kl_div(log_q, p, reduction="mean")
print(round(batchmean.item(), 4), round(mean.item(), 4))
# > 0.7589 0.0759
print(torch.allclose(mean, kl.sum() / (N * C)))
# > True

# KL = cross-entropy - entropy: cross_entropy with probability targets is -sum p log q
ce = F.cross_entropy(logits, p, reduction="none")
entropy = -(p * p.log()).sum(1)
print(torch.allclose(kl, ce - entropy))
# > True
# the entropy does not depend on the model: both losses give the same gradient
(g_kl,) = torch.autograd.grad(batchmean, logits, retain_graph=True)
(g_ce,) = torch.autograd.grad(ce.mean(), logits)
print(torch.allclose(g_kl, g_ce))
# > True

# asymmetric: KL(p || q) != KL(q || p)
a = torch.tensor([0.9, 0.05, 0.05])
b = torch.tensor([1 / 3, 1 / 3, 1 / 3])
print(round(F.kl_div(b.log(), a, reduction="sum").item(), 4))  # KL(a || b)
# > 0.7042
print(round(F.kl_div(a.log(), b, reduction="sum").item(), 4))  # KL(b || a)
# > 0.9337
# a target zero contributes 0 (0 log 0 = 0); a model zero where p > 0 is infinite
z = torch.tensor([0.5, 0.5, 0.0])
print(round(F.kl_div(b.log(), z, reduction="sum").item(), 4))  # KL(z || b)
# > 0.4055
print(F.kl_div(z.log(), b, reduction="sum").item())  # KL(b || z)
# > inf
# with log_target=True that zero is log(0) = -inf, and exp(-inf) * (-inf - x) is nan
print(F.kl_div(b.log(), z.log(), reduction="sum", log_target=True).item())
# > nan
