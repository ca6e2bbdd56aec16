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
print(torch.cdist(onehot, onehot).round(decimals=4))  # sqrt(2) between any two words

# A dense embedding: d learned numbers per word, where cosine can say "similar"
emb = nn.Embedding(V, d)
print(torch.allclose(emb(ids), onehot @ emb.weight))  # a lookup of rows of W
emb(ids).sum().backward()
print(emb.weight.grad.abs().sum(dim=1).nonzero().flatten().tolist())  # rows touched
cos = F.cosine_similarity(emb.weight[3], emb.weight[17], dim=0).item()
print(round(cos, 3))  # at init random; training moves co-occurring words together
