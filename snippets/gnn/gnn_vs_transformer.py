import torch
import torch.nn.functional as F

torch.manual_seed(0)
N, d = 6, 8
x = torch.randn(N, d)
Wq, Wk, Wv = (torch.randn(d, d) / d**0.5 for _ in range(3))
q, k, v = x @ Wq, x @ Wk, x @ Wv


def graph_attention(src, dst):
    # message passing: one score per edge j -> i, softmax over each node's in-edges,
    # then sum the weighted messages into their destination with index_add_
    score = (q[dst] * k[src]).sum(1) / d**0.5
    score = score - score.max()  # softmax is unchanged by a constant shift
    w = score.exp()
    denom = torch.zeros(N).index_add_(0, dst, w)
    w = w / denom[dst]
    return torch.zeros(N, d).index_add_(0, dst, w[:, None] * v[src]), len(src)


# the complete graph (every ordered pair, self-loops included) is self-attention
i, j = torch.meshgrid(torch.arange(N), torch.arange(N), indexing="ij")
out, n_scores = graph_attention(src=j.reshape(-1), dst=i.reshape(-1))
sdpa = F.scaled_dot_product_attention(q[None], k[None], v[None])[0]
print(
    "complete graph == self-attention:",
    torch.allclose(out, sdpa, atol=1e-5),
    "| scores:",
    n_scores,
)
# > complete graph == self-attention: True | scores: 36

# a sparse graph: a path 0-1-2-3-4-5 with self-loops; same as masked attention
# but computes one score per edge
edges = [(a, b) for a in range(N) for b in range(N) if abs(a - b) <= 1]
dst, src = torch.tensor(edges).T
out, n_scores = graph_attention(src, dst)
mask = torch.zeros(N, N, dtype=torch.bool)
mask[dst, src] = True
masked = F.scaled_dot_product_attention(q[None], k[None], v[None], attn_mask=mask)[0]
print(
    "path graph == masked attention:",
    torch.allclose(out, masked, atol=1e-5),
    "| scores:",
    n_scores,
    "of",
    N * N,
)
# > path graph == masked attention: True | scores: 16 of 36
