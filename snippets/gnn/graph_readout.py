import torch

torch.manual_seed(0)
N, d = 6, 4
A = torch.zeros(N, N)
src = torch.tensor([0, 1, 2, 3, 4, 0])
dst = torch.tensor([1, 2, 3, 4, 5, 3])
A[src, dst] = A[dst, src] = 1.0
X = torch.randn(N, d)
W = torch.randn(d, d)


def embed(A, X):  # one message-passing layer: sum over neighbours and self
    return torch.relu((A + torch.eye(len(A))) @ X @ W)


H = embed(A, X)
print("node-level logits:", tuple((H @ torch.randn(d, 3)).shape))  # a class per node
# > node-level logits: (6, 3)
pairs = torch.tensor([[0, 1], [0, 5]])  # an edge, a non-edge: score from both ends
print("edge-level scores:", tuple((H[pairs[:, 0]] * H[pairs[:, 1]]).sum(1).shape))
# > edge-level scores: (2,)
readouts = {
    "sum": lambda h: h.sum(0),
    "mean": lambda h: h.mean(0),
    "max": lambda h: h.amax(0),
}
print("graph-level vector:", tuple(readouts["sum"](H).shape))
# > graph-level vector: (4,)

# relabelling the nodes changes the node order, not the graph's readout
P = torch.eye(N)[torch.randperm(N)]
H_perm = embed(P @ A @ P.T, P @ X)
for name, r in readouts.items():
    print(name, "invariant:", torch.allclose(r(H_perm), r(H), atol=1e-5))
    # > sum invariant: True
    # > mean invariant: True
    # > max invariant: True
print("flatten invariant:", torch.allclose(H_perm.reshape(-1), H.reshape(-1)))
# > flatten invariant: False

# sum counts, mean and max do not: neighbourhoods {a, b} and {a, a, b, b}
a, b = torch.tensor([1.0, 0.0]), torch.tensor([0.0, 1.0])
m1, m2 = torch.stack([a, b]), torch.stack([a, a, b, b])
for name, r in readouts.items():
    print(f"{name:4s} {r(m1).tolist()} vs {r(m2).tolist()}")
    # > sum  [1.0, 1.0] vs [2.0, 2.0]
    # > mean [0.5, 0.5] vs [0.5, 0.5]
    # > max  [1.0, 1.0] vs [1.0, 1.0]

# whole graphs: a triangle and a hexagon, same node features; every node of both has
# two neighbours, so every node embedding is the same and only the count differs


def cycle(n):
    C = torch.zeros(n, n)
    C[torch.arange(n), (torch.arange(n) + 1) % n] = 1.0
    return C + C.T


x = torch.ones(1, d)
h3, h6 = embed(cycle(3), x.expand(3, d)), embed(cycle(6), x.expand(6, d))
for name, r in readouts.items():
    print(f"{name:4s} tells triangle from hexagon:", not torch.allclose(r(h3), r(h6)))
    # > sum  tells triangle from hexagon: True
    # > mean tells triangle from hexagon: False
    # > max  tells triangle from hexagon: False

# what message passing cannot see, no readout recovers: two triangles against a hexagon
two_tri = torch.block_diag(cycle(3), cycle(3))
h_tt = embed(two_tri, x.expand(6, d))
differ = not torch.allclose(h_tt.sum(0), h6.sum(0))
print("sum tells two triangles from hexagon:", differ)
# > sum tells two triangles from hexagon: False
