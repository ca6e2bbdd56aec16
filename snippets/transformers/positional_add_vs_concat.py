import torch
from torch import nn

torch.manual_seed(0)
d, T = 8, 5
x, p = torch.randn(T, d), torch.randn(T, d)  # token and position embeddings

# A linear layer on the concatenation is the sum of two linear maps
W = nn.Linear(2 * d, d, bias=False)
W_x, W_p = W.weight[:, :d], W.weight[:, d:]
concat = W(torch.cat([x, p], -1))
print(torch.allclose(concat, x @ W_x.T + p @ W_p.T, atol=1e-6))
# > True
# and concatenation is itself addition, of two zero-padded vectors
zeros = torch.zeros(T, d)
padded_sum = torch.cat([x, zeros], -1) + torch.cat([zeros, p], -1)
print(torch.equal(torch.cat([x, p], -1), padded_sum))
# > True

# Addition loses nothing when tokens and positions use orthogonal subspaces:
# here tokens in 5 directions, positions in 3 others, of an 8-dim space
Q, _ = torch.linalg.qr(torch.randn(d, d))
U, P = Q[:, :5], Q[:, 5:]
a, b = torch.randn(T, 5), torch.randn(T, 3)
h = a @ U.T + b @ P.T  # token + position, still d wide
print(torch.allclose(h @ U, a, atol=1e-5), torch.allclose(h @ P, b, atol=1e-5))
# > True True

# In high dimension, random directions are already nearly orthogonal
e = nn.functional.normalize(torch.randn(2000, 512), dim=-1)
cos = (e[:1000] * e[1000:]).sum(-1).abs()
print(f"mean |cos| of random 512-d pairs: {cos.mean():.3f}")
# > mean |cos| of random 512-d pairs: 0.035


# Cost: concatenating a d-wide position makes every layer 2d wide
def layer_params(width):
    layer = nn.TransformerEncoderLayer(width, 8, 4 * width)
    return sum(q.numel() for q in layer.parameters())


print(f"{layer_params(1024) / layer_params(512):.2f}x parameters per layer")
# > 4.00x parameters per layer
