import torch
import torch.nn.functional as F

torch.manual_seed(0)
# 5 nodes, undirected edges; node 0's neighbours 1, 2, 3 have degrees 2, 1, 3
edges = torch.tensor([[0, 1], [0, 2], [0, 3], [1, 3], [3, 4]])
src = torch.cat([edges[:, 0], edges[:, 1]])  # both directions
dst = torch.cat([edges[:, 1], edges[:, 0]])
N, d_in, d_out = 5, 4, 3
A = torch.zeros(N, N)
A[dst, src] = 1.0
H = torch.randn(N, d_in)
W = torch.randn(d_in, d_out)  # shared weight
W_self, W_nb = torch.randn(d_in, d_out), torch.randn(d_in, d_out)  # GraphSAGE
a = torch.randn(2 * d_out)  # GAT attention vector


def gcn_weights(A):  # Kipf & Welling: D^-1/2 (A + I) D^-1/2
    A_hat = A + torch.eye(len(A))
    d = A_hat.sum(1).rsqrt()
    return d[:, None] * A_hat * d[None, :]


def gcn(A, H):
    return gcn_weights(A) @ H @ W


def sage(A, H):  # mean of the neighbours, plus a separate weight for the node itself
    deg = A.sum(1, keepdim=True).clamp(min=1)
    return H @ W_self + (A @ H / deg) @ W_nb


def gat_weights(A, H):  # softmax over the neighbours (and self) of a learned score
    Z = H @ W
    d = Z.shape[1]
    e = F.leaky_relu((Z @ a[:d])[:, None] + (Z @ a[d:])[None, :], 0.2)
    mask = (A + torch.eye(len(A))) > 0
    return torch.softmax(e.masked_fill(~mask, float("-inf")), dim=1)


def gat(A, H):
    return gat_weights(A, H) @ (H @ W)


# how node 0 weights itself and nodes 1..4
print("GCN ", gcn_weights(A)[0].numpy().round(3))
# > GCN  [0.25  0.289 0.354 0.25  0.   ]
print("SAGE", (A / A.sum(1, keepdim=True))[0].numpy().round(3), "+ own W_self")
# > SAGE [0.    0.333 0.333 0.333 0.   ] + own W_self
print("GAT ", gat_weights(A, H)[0].numpy().round(3))
# > GAT  [0.238 0.061 0.617 0.083 0.   ]
# the same graph, other node features (rows swapped): GAT's weights move, GCN's are A's
moved = not torch.allclose(gat_weights(A, H)[0], gat_weights(A, H.flip(0))[0])
print("GAT weights change with the features:", moved)
# > GAT weights change with the features: True

# the same sum over edges, as message passing on an edge list (index_add_)
msg = (H @ W)[src] * gcn_weights(A)[dst, src][:, None]
self_msg = (H @ W) * gcn_weights(A).diagonal()[:, None]
out = self_msg.index_add(0, dst, msg)
print("GCN as index_add_ == dense:", torch.allclose(out, gcn(A, H), atol=1e-6))
# > GCN as index_add_ == dense: True

# permutation equivariance: relabel the nodes, the outputs are relabelled the same way
perm = torch.randperm(N)
P = torch.eye(N)[perm]
for name, f in [("GCN", gcn), ("SAGE", sage), ("GAT", gat)]:
    same = torch.allclose(f(P @ A @ P.T, P @ H), P @ f(A, H), atol=1e-5)
    print(name, "equivariant:", same)
    # > GCN equivariant: True
    # > SAGE equivariant: True
    # > GAT equivariant: True

# an MLP on the flattened node features is not
M = torch.randn(N * d_in, N * d_out)
out_perm = ((P @ H).reshape(-1) @ M).reshape(N, d_out)
out = (H.reshape(-1) @ M).reshape(N, d_out)
print("MLP equivariant:", torch.allclose(out_perm, P @ out, atol=1e-5))
# > MLP equivariant: False
