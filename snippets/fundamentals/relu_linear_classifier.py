import torch
from torch import nn

torch.manual_seed(0)
X = torch.randn(200, 2)
w, b = torch.tensor([[1.5, -2.0]]), torch.tensor([0.3])
linear = nn.Linear(2, 1)  # the linear classifier: sign(w x + b)
with torch.no_grad():
    linear.weight.copy_(w)
    linear.bias.copy_(b)
# a ReLU MLP that is the same classifier: z = relu(z) - relu(-z), for every input
mlp = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 1))
with torch.no_grad():
    mlp[0].weight.copy_(torch.cat([w, -w]))
    mlp[0].bias.copy_(torch.cat([b, -b]))
    mlp[2].weight.copy_(torch.tensor([[1.0, -1.0]]))
    mlp[2].bias.zero_()
far = 100 * torch.randn(1000, 2)
print(torch.allclose(mlp(X), linear(X)), torch.allclose(mlp(far), linear(far)))
# > True True
# a random ReLU MLP whose first-layer biases keep every unit on over the data:
# there ReLU is the identity, so the whole net is one affine map of the data
net = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 1))
with torch.no_grad():
    net[0].bias.fill_(10.0)
    on = (net[0](X) > 0).float().mean().item()
    A = torch.cat([X, torch.ones(200, 1)], dim=1)
    affine = A @ torch.linalg.lstsq(A, net(X)).solution
print(on, torch.allclose(affine, net(X), atol=1e-4))
# > 1.0 True
# in general a ReLU net is piecewise linear: constant input-gradient within a
# region, a different one across a kink
with torch.no_grad():
    net[0].bias.normal_()
pts = torch.tensor([[0.5, 0.5], [0.5001, 0.5], [-2.0, 1.0]], requires_grad=True)
(grad,) = torch.autograd.grad(net(pts).sum(), pts)
print(grad.round(decimals=4))
# > tensor([[-0.2513, -0.0494],
# >         [-0.2513, -0.0494],
# >         [ 0.0108, -0.0038]])
# XOR: no line classifies more than 3 of its 4 points (best of 100k random lines)
xor_X = torch.tensor([[0.0, 0], [0, 1], [1, 0], [1, 1]])
xor_y = torch.tensor([0.0, 1, 1, 0])
W, B = torch.randn(100_000, 2), torch.randn(100_000, 1)
acc = (((W @ xor_X.T + B) > 0).float() == xor_y).float().mean(dim=1)
print(acc.max().item())
# > 0.75
