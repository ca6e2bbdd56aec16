import torch
from torch.autograd.functional import jacobian

torch.manual_seed(0)
x = torch.randn(4, dtype=torch.float64)
s = torch.sigmoid(x)
# sigma'(x) = sigma(x) (1 - sigma(x)), checked against autograd
xg = x.clone().requires_grad_()
(g,) = torch.autograd.grad(torch.sigmoid(xg).sum(), xg)
print(torch.allclose(g, s * (1 - s)))
# > True
# elementwise: the Jacobian of a vector sigmoid is diagonal
J = jacobian(torch.sigmoid, x)
print(J.shape, torch.equal(J, torch.diag(torch.diagonal(J))))
# > torch.Size([4, 4]) True
print(torch.allclose(J, torch.diag(s * (1 - s))))
# > True
# softmax mixes its inputs: a full Jacobian diag(p) - p p^T
p = torch.softmax(x, dim=0)
Js = jacobian(lambda v: torch.softmax(v, dim=0), x)
print(torch.allclose(Js, torch.diag(p) - torch.outer(p, p)))
# > True
# its diagonal has the sigmoid's form p (1 - p); the off-diagonal -p_i p_j do not vanish
print(torch.allclose(torch.diagonal(Js), p * (1 - p)))
# > True
print(Js.round(decimals=3))
# > tensor([[ 0.2300, -0.0650, -0.0100, -0.1550],
# >         [-0.0650,  0.0920, -0.0020, -0.0250],
# >         [-0.0100, -0.0020,  0.0150, -0.0040],
# >         [-0.1550, -0.0250, -0.0040,  0.1830]], dtype=torch.float64)
# each column sums to 0 (the outputs sum to 1), so the rank is n - 1
zero = torch.zeros(4, dtype=torch.float64)
print(torch.allclose(Js.sum(dim=0), zero), torch.linalg.matrix_rank(Js).item())
# > True 3
