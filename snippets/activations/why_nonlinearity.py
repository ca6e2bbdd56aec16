import torch
from torch import nn

torch.manual_seed(0)
# two Linear layers with nothing between them
f1, f2 = nn.Linear(4, 2), nn.Linear(2, 4)
x = torch.randn(8, 4)
# f2(f1(x)) = x W1^T W2^T + (W2 b1 + b2): one Linear with these weights
W = f2.weight @ f1.weight
b = f2.weight @ f1.bias + f2.bias
print(W.detach().round(decimals=2))
# > tensor([[ 0.0300, -0.0800,  0.0900,  0.0200],
# >         [ 0.0900, -0.2400,  0.2800,  0.0600],
# >         [-0.0000, -0.0700,  0.1200,  0.1200],
# >         [-0.0800,  0.1300, -0.1200,  0.0700]])
print(W.shape, torch.allclose(f2(f1(x)), x @ W.T + b, atol=1e-6))
# > torch.Size([4, 4]) True
# and a worse one: the 2-wide middle makes the 4x4 product rank 2
print(torch.linalg.matrix_rank(W).item())
# > 2

# XOR: the best affine fit (least squares) predicts 0.5 everywhere
X = torch.tensor([[0.0, 0], [0, 1], [1, 0], [1, 1]])
y = torch.tensor([[0.0], [1], [1], [0]])
A = torch.cat([X, torch.ones(4, 1)], dim=1)
fit = A @ torch.linalg.lstsq(A, y).solution
print(fit.squeeze().round(decimals=4), ((fit - y) ** 2).mean().round(decimals=4))
# > tensor([0.5000, 0.5000, 0.5000, 0.5000]) tensor(0.2500)
# two ReLU units solve it exactly: h = relu(x1 + x2 - [0, 1]), y = h1 - 2 h2
hidden = torch.relu(X @ torch.ones(2, 2) - torch.tensor([0.0, 1.0]))
print(hidden @ torch.tensor([1.0, -2.0]))
# > tensor([0., 1., 1., 0.])
