import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
n, d, w = 8, 16, 3  # length, head dim, window

# a fixed context window: learned positions have max_len rows and nothing beyond
max_len = 8
pos = nn.Embedding(max_len, d)
try:
    pos(torch.arange(max_len + 1))
except IndexError as e:
    print(type(e).__name__, e)
    # > IndexError index out of range in self

# sliding-window attention as a mask: query i sees keys i-w+1 .. i
q, k, v = (torch.randn(1, 1, n, d) for _ in range(3))
i, j = torch.arange(n)[:, None], torch.arange(n)
window = (j <= i) & (j > i - w)  # SDPA: True = attend
print(window.sum(-1).tolist(), tuple(window.shape))  # at most w keys; an n x n mask
# > [1, 2, 3, 3, 3, 3, 3, 3] (8, 8)
out = F.scaled_dot_product_attention(q, k, v, attn_mask=window)
last = F.scaled_dot_product_attention(q[..., -1:, :], k[..., -w:, :], v[..., -w:, :])
print(torch.allclose(out[..., -1:, :], last, atol=1e-6))  # = attention over w keys
# > True

# ... but a dense mask skips no work: SDPA still scores every query against every key.
# A NaN in key 0, which the window hides from all but the first w queries, reaches
# all 1024 outputs (NaN + -inf is NaN); with is_causal, future keys never enter.
m = 1024
qm, km, vm = (torch.randn(1, 1, m, d) for _ in range(3))
im, jm = torch.arange(m)[:, None], torch.arange(m)
km[..., 0, :] = float("nan")
out = F.scaled_dot_product_attention(qm, km, vm, attn_mask=(jm <= im) & (jm > im - w))
print(out.isnan().any(-1).sum().item())  # outputs that are NaN
# > 1024
km[..., 0, :], km[..., -1, :] = 0.0, float("nan")  # now the last key is the NaN
out = F.scaled_dot_product_attention(qm, km, vm, is_causal=True)
print(out.isnan().any(-1).sum().item())  # only the last query sees the last key
# > 1


# linear attention (Katharopoulos et al. 2020): phi(q) (sum phi(k) v^T), causal,
# run as a recurrence with a fixed d x d state instead of a cache that grows with n
def phi(t):  # the feature map of the paper: positive, so the sums stay positive
    return F.elu(t) + 1


Q, K, V = phi(q[0, 0]), phi(k[0, 0]), v[0, 0]
scores = (Q @ K.T).tril()  # parallel form: still an n x n matrix
parallel = (scores @ V) / scores.sum(-1, keepdim=True)
S, z, rows = torch.zeros(d, d), torch.zeros(d), []
for t in range(n):
    S, z = S + torch.outer(K[t], V[t]), z + K[t]  # state of fixed size
    rows.append(Q[t] @ S / (Q[t] @ z))
print(torch.allclose(torch.stack(rows), parallel, atol=1e-5), tuple(S.shape))
# > True (16, 16)
