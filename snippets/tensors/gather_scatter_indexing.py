import torch

logits = torch.tensor([[0.1, 0.7, 0.2], [0.5, 0.3, 0.2]])
target = torch.tensor([1, 0])  # class index per row

# out[i, 0] = logits[i, target[i]]: gather keeps the dim, (N, 1)
picked = logits.gather(1, target[:, None])
indexed = logits[torch.arange(2), target]  # advanced indexing: the same values, (N,)
print(picked.shape, indexed.shape, (picked - indexed).shape)  # mixed: (N, N)
# > torch.Size([2, 1]) torch.Size([2]) torch.Size([2, 2])
print(picked.squeeze(1), torch.equal(picked.squeeze(1), indexed))
# > tensor([0.7000, 0.5000]) True

# Accumulating into repeated indices: the silent bug
counts = torch.zeros(3)
idx = torch.tensor([0, 0, 2])
# read all, add, write all back: both writes to index 0 store the same 0 + 1
counts[idx] += 1
print(counts)
# > tensor([1., 0., 1.])
print(torch.zeros(3).scatter_add_(0, idx, torch.ones(3)))  # accumulates
# > tensor([2., 0., 1.])
print(torch.zeros(3).index_put_((idx,), torch.ones(3), accumulate=True))
# > tensor([2., 0., 1.])
print(
    torch.zeros(3).index_add_(0, idx, torch.ones(3)), torch.bincount(idx, minlength=3)
)
# > tensor([2., 0., 1.]) tensor([2, 0, 1])

# Sum node features per graph (segment sum): scatter_add along dim 0 with an expanded
# index
feats = torch.arange(8.0).reshape(4, 2)  # 4 nodes, 2 features
graph = torch.tensor([0, 0, 1, 1])  # node -> graph id
print(torch.zeros(2, 2).scatter_add_(0, graph.unsqueeze(1).expand(-1, 2), feats))
# > tensor([[ 2.,  4.],
# >         [10., 12.]])

# scatter_reduce: max or mean per segment, which scatter_add_ cannot do. include_self
# (True by default) counts the destination's own values: here the zeros it starts with
seg, vals = torch.tensor([0, 0, 1]), torch.tensor([-1.0, -5.0, 2.0])
for reduce in ("amax", "mean"):
    print(
        reduce,
        torch.zeros(2).scatter_reduce(0, seg, vals, reduce),
        torch.zeros(2).scatter_reduce(0, seg, vals, reduce, include_self=False),
    )
    # > amax tensor([0., 2.]) tensor([-1.,  2.])
    # > mean tensor([-2.,  1.]) tensor([-3.,  2.])

# scatter writes: one-hot labels
one_hot = torch.zeros(2, 3).scatter_(1, target.unsqueeze(1), 1.0)
print(one_hot)
# > tensor([[0., 1., 0.],
# >         [1., 0., 0.]])
