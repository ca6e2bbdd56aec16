import math

import torch
import torch.nn.functional as F

torch.manual_seed(0)
# one query over 64 keys; key 10 is the relevant one, marked by the last feature
S, d, needle = 64, 16, 10
k, v = torch.randn(S, d), torch.randn(S, d)
k[:, -1] = 0.0
k[needle, -1] = 1.0
q2 = torch.randn(d)
q2[-1] = 0.0  # what both queries share: it scores every key at random (the noise)
q1 = q2.clone()
q1[-1] = 12.0  # the first query also seeks the marked key
a1 = (q1 @ k.T / math.sqrt(d)).softmax(-1)  # the two softmax maps of one head
a2 = (q2 @ k.T / math.sqrt(d)).softmax(-1)
rest = torch.arange(S) != needle
# a1 is a2 rescaled on every other key, so this lambda cancels them exactly
best = ((1 - a1[needle]) / (1 - a2[needle])).item()
print(f"lambda* = {best:.3f}")
# > lambda* = 0.846
# others: total |weight| on the 63 other keys; cos: the output vs the needle's value
for lam in (0.0, 0.5, 0.8, best, 1.0):  # lambda = 0 is ordinary attention
    w = a1 - lam * a2
    total = round(w.sum().item(), 3) + 0.0  # + 0.0: never -0.000
    print(
        f"lambda {lam:.3f}  needle {w[needle]:.3f}  others {w[rest].abs().sum():.3f}"
        f"  negative {(w < -1e-6).sum().item():2d}  sum {total:.3f}"
        f"  cos {F.cosine_similarity(w @ v, v[needle], dim=0):.3f}"
    )
    # > lambda 0.000  needle 0.162  others 0.838  negative  0  sum 1.000  cos 0.831
    # > lambda 0.500  needle 0.157  others 0.343  negative  0  sum 0.500  cos 0.955
    # > lambda 0.800  needle 0.154  others 0.046  negative  0  sum 0.200  cos 0.999
    # > lambda 0.846  needle 0.154  others 0.000  negative  0  sum 0.154  cos 1.000
    # > lambda 1.000  needle 0.152  others 0.152  negative 63  sum 0.000  cos 0.987

# the paper's lambda_init by layer l (1-based), where lambda starts
for layer in (1, 2, 4, 12, 24):
    print(layer, round(0.8 - 0.6 * math.exp(-0.3 * (layer - 1)), 3))
    # > 1 0.2
    # > 2 0.356
    # > 4 0.556
    # > 12 0.778
    # > 24 0.799
