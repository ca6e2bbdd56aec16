import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
V, d = 10_000, 64  # vocabulary size, embedding width
ids = torch.tensor([3, 17, 42])  # say "cat", "dog", "carburetor"

# One-hot: a V-wide vector per word, every pair orthogonal and equally far apart
onehot = F.one_hot(ids, V).float()
print(tuple(onehot.shape))
# > (3, 10000)
print(onehot @ onehot.T)  # dot products: cosine 0 for every pair of distinct words
# > tensor([[1., 0., 0.],
# >         [0., 1., 0.],
# >         [0., 0., 1.]])
print(torch.cdist(onehot, onehot).round(decimals=4))  # sqrt(2) between any two words
# > tensor([[0.0000, 1.4142, 1.4142],
# >         [1.4142, 0.0000, 1.4142],
# >         [1.4142, 1.4142, 0.0000]])

# A dense embedding: d learned numbers per word, where cosine can say "similar"
emb = nn.Embedding(V, d)
print(torch.allclose(emb(ids), onehot @ emb.weight))  # a lookup of rows of W
# > True
emb(ids).sum().backward()
print(emb.weight.grad.abs().sum(dim=1).nonzero().flatten().tolist())  # rows touched
# > [3, 17, 42]
print(tuple(emb.weight.grad.shape), emb.weight.grad.is_sparse)  # dense by default
# > (10000, 64) False
cos = F.cosine_similarity(emb.weight[3], emb.weight[17], dim=0).item()
print(round(cos, 3))  # at init random; training moves co-occurring words together
# > -0.121
