import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
x = torch.randn(2, 5, 16)  # (batch, positions, width)
# 1. attention: per head and per query, one distribution over the keys
mha = nn.MultiheadAttention(16, 4, batch_first=True)
_, w = mha(x, x, x, average_attn_weights=False)  # (batch, heads, queries, keys)
print(tuple(w.shape), torch.allclose(w.sum(-1), torch.ones(2, 4, 5)))
# > (2, 4, 5, 5) True
print(torch.allclose(w.sum(-2), torch.ones(2, 4, 5)))  # not over the queries
# > False
# a causal mask is -inf added to the scores before the softmax: weight exactly 0
print(torch.full((3, 3), float("-inf")).triu(1).softmax(-1))
# > tensor([[1.0000, 0.0000, 0.0000],
# >         [0.5000, 0.5000, 0.0000],
# >         [0.3333, 0.3333, 0.3333]])
# 2. output: per position, one distribution over the vocabulary
p = nn.Linear(16, 1000)(x).softmax(-1)  # (batch, positions, vocab)
print(tuple(p.shape), torch.allclose(p.sum(-1), torch.ones(2, 5)))
# > (2, 5, 1000) True

z = torch.tensor([2.0, 1.0, 0.1])
print(z.softmax(-1))
# > tensor([0.6590, 0.2424, 0.0986])
print(torch.allclose((z + 100).softmax(-1), z.softmax(-1)))  # a shift: no change
# > True
for T in (0.1, 1.0, 10.0):  # a temperature divides the logits: a scale does change it
    print(T, (z / T).softmax(-1))
    # > 0.1 tensor([9.9995e-01, 4.5398e-05, 5.6025e-09])
    # > 1.0 tensor([0.6590, 0.2424, 0.0986])
    # > 10.0 tensor([0.3661, 0.3312, 0.3027])
# the Jacobian is diag(p) - p p^T: it vanishes as the softmax saturates
for scale in (1, 5, 20):
    pz = (scale * z).softmax(-1)
    J = torch.autograd.functional.jacobian(lambda t: t.softmax(-1), scale * z)
    exact = torch.allclose(J, torch.diag(pz) - torch.outer(pz, pz))
    print(f"x{scale:2d}: max p {pz.max():.4f}, max |J| {J.abs().max():.2e}, {exact}")
    # > x 1: max p 0.6590, max |J| 2.25e-01, True
    # > x 5: max p 0.9932, max |J| 6.72e-03, True
    # > x20: max p 1.0000, max |J| 2.06e-09, True
# with cross-entropy on top, the gradient wrt the logits is p - one_hot
zg = z.clone().requires_grad_()
F.cross_entropy(zg[None], torch.tensor([0])).backward()
print(zg.grad, z.softmax(-1) - torch.tensor([1.0, 0.0, 0.0]))
# > tensor([-0.3410,  0.2424,  0.0986]) tensor([-0.3410,  0.2424,  0.0986])
