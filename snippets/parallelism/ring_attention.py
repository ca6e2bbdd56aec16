import torch
import torch.nn.functional as F

torch.manual_seed(0)
t, d, n = 12, 4, 3  # sequence length, head size, ranks
q, k, v = torch.randn(3, t, d).unbind(0)
full = F.scaled_dot_product_attention(q, k, v)  # non-causal, one head

# context parallel: rank r holds the r-th block of q, k and v (t / n tokens each)
qs, ks, vs = q.chunk(n), k.chunk(n), v.chunk(n)
outs = []
for r in range(n):
    m = torch.full((t // n, 1), float("-inf"))  # running max of the scores
    den = torch.zeros(t // n, 1)  # running softmax denominator
    acc = torch.zeros(t // n, d)  # running weighted sum of v
    for step in range(n):  # the k, v block arriving from the ring at this step
        j = (r - step) % n
        s = qs[r] @ ks[j].T / d**0.5
        m_new = torch.maximum(m, s.amax(-1, keepdim=True))
        scale = torch.exp(m - m_new)  # rescale what was accumulated so far
        p = torch.exp(s - m_new)
        den = den * scale + p.sum(-1, keepdim=True)
        acc = acc * scale + p @ vs[j]
        m = m_new
    outs.append(acc / den)
print(
    "blockwise ring == full attention:",
    torch.allclose(torch.cat(outs), full, atol=1e-6),
)
# > blockwise ring == full attention: True

# the trap: a softmax per block, then averaging, is not the softmax over the sequence
naive = [
    sum(F.scaled_dot_product_attention(qs[r], ks[j], vs[j]) for j in range(n)) / n
    for r in range(n)
]
print(
    "per-block softmax averaged == full:",
    torch.allclose(torch.cat(naive), full, atol=1e-6),
)
# > per-block softmax averaged == full: False

# a causal mask: the query at position i sees keys 0..i. Contiguous blocks
# leave the last rank the most (query, key) pairs; the head-tail order gives
# rank r chunks r and 2n-1-r of 2n (context_parallel's default load balancer)
pos = torch.arange(t)
print("causal pairs, contiguous:", [int((b + 1).sum()) for b in pos.chunk(n)])
# > causal pairs, contiguous: [10, 26, 42]
c = pos.chunk(2 * n)
head_tail = [torch.cat([c[r], c[2 * n - 1 - r]]) for r in range(n)]
print("causal pairs, head-tail:", [int((b + 1).sum()) for b in head_tail])
# > causal pairs, head-tail: [26, 26, 26]
