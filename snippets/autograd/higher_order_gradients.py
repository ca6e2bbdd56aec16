import torch

x = torch.tensor(2.0, requires_grad=True)
y = x**3

# returns the gradient, does not touch x.grad
(dy,) = torch.autograd.grad(y, x, create_graph=True)
print(dy, x.grad)  # 3x^2 = 12, and the result has a graph of its own
# > tensor(12., grad_fn=<MulBackward0>) None
(d2y,) = torch.autograd.grad(dy, x)  # 6x = 12
print(d2y)
# > tensor(12.)

(g,) = torch.autograd.grad(x**3, x)  # without create_graph the result is a constant
try:
    torch.autograd.grad(g, x)
except RuntimeError as e:
    print(e)
    # > element 0 of tensors does not require grad and does not have a grad_fn

# Gradient penalty (WGAN-GP, input-gradient regularizers): backward through a gradient
torch.manual_seed(0)
critic = torch.nn.Sequential(
    torch.nn.Linear(2, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1)
)
inp = torch.randn(4, 2, requires_grad=True)
(grad_inp,) = torch.autograd.grad(critic(inp).sum(), inp, create_graph=True)
penalty = ((grad_inp.norm(dim=1) - 1) ** 2).mean()
penalty.backward()  # second-order terms reach the critic's weights
print(critic[0].weight.grad.shape, bool(critic[0].weight.grad.abs().sum() > 0))
# > torch.Size([8, 2]) True


def f(v):
    return (v**3).sum()


# functional API: Hessian = diag(6v)
print(torch.func.jacrev(torch.func.jacrev(f))(torch.tensor([1.0, 2.0])))
# > tensor([[ 6.,  0.],
# >         [ 0., 12.]])
