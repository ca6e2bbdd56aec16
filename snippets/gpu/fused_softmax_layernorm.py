import math

import torch
import torch.nn.functional as F
from torch.utils._python_dispatch import TorchDispatchMode

torch.manual_seed(0)
x = torch.randn(4, 1000) * 10 + 100  # float32 logits near 100: exp(100) overflows
naive = x.exp() / x.exp().sum(-1, keepdim=True)
print("naive exp(x) / sum has NaN:", bool(naive.isnan().any()))
# > naive exp(x) / sum has NaN: True
e = (x - x.amax(-1, keepdim=True)).exp()  # subtract the row max first: exp <= 1
safe = e / e.sum(-1, keepdim=True)
print("exp(x - max) / sum == softmax:", torch.allclose(safe, x.softmax(-1)))
# > exp(x - max) / sum == softmax: True


def online_softmax(row):
    """One pass over the row: a running max m and a running sum d of exp(x - m)."""
    m, d = float("-inf"), 0.0
    for v in row.tolist():
        m_new = max(m, v)
        d = d * math.exp(m - m_new) + math.exp(v - m_new)  # rescale the old sum
        m = m_new
    return (row - m).exp() / d  # the second pass writes the outputs


out = torch.stack([online_softmax(r) for r in x])
print("online softmax == torch.softmax:", torch.allclose(out, x.softmax(-1), atol=1e-6))
# > online softmax == torch.softmax: True


def welford_layer_norm(row, eps=1e-5):
    """One pass for mean and variance (Welford), in float32 as in a kernel."""
    mean = m2 = torch.tensor(0.0)  # float32 scalars: the model's arithmetic is float32
    for count, v in enumerate(row, 1):
        delta = v - mean
        mean = mean + delta / count
        m2 = m2 + delta * (v - mean)
    return (row - mean) / (m2 / len(row) + eps).sqrt()


y = torch.randn(4, 1000) + 1e4  # a large offset, variance about 1
ln = torch.stack([welford_layer_norm(r) for r in y])
# float32 values near 1e4 are 0.001 apart: agree to that
ok = torch.allclose(ln, F.layer_norm(y, (1000,)), atol=1e-2)
print("float32 Welford == F.layer_norm:", ok)
# > float32 Welford == F.layer_norm: True
print("true variances:", y.double().var(-1, unbiased=False).round(decimals=2).tolist())
# > true variances: [0.97, 1.07, 1.05, 1.03]
var_naive = (y * y).mean(-1) - y.mean(-1) ** 2  # E[x^2] - E[x]^2 in float32
# both terms are near 1e8, where float32 values are 8 apart: so is their difference
print("E[x^2] - E[x]^2 in float32:", var_naive.tolist())
# > E[x^2] - E[x]^2 in float32: [-16.0, -8.0, 0.0, 0.0]


class Traffic(TorchDispatchMode):
    """Bytes each eager op reads and writes: one kernel, one round trip to HBM."""

    def __init__(self):
        super().__init__()
        self.ops, self.bytes = 0, 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        ins = [t for t in args if isinstance(t, torch.Tensor)]
        self.ops += 1
        self.bytes += sum(t.nbytes for t in ins) + out.nbytes
        return out


z = torch.randn(1024, 4096)  # 16 MB of float32
with Traffic() as eager:
    m = z.amax(-1, keepdim=True)
    e = (z - m).exp()
    _ = e / e.sum(-1, keepdim=True)
fused = 2 * z.nbytes  # a fused kernel reads z once and writes the result once
print(f"eager: {eager.ops} kernels, {eager.bytes >> 20} MB; fused: 1, {fused >> 20} MB")
# > eager: 5 kernels, 128 MB; fused: 1, 32 MB
