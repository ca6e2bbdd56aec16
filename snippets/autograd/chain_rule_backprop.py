import torch

torch.manual_seed(0)
W = torch.randn(2, 3, requires_grad=True)
x = torch.randn(3, requires_grad=True)

# L = sum(tanh(W @ x) ** 2), one op at a time
u = W @ x
a = torch.tanh(u)
L = (a**2).sum()
nodes, node = [], L.grad_fn
while node is not None:  # the recorded chain, from the output back
    nodes.append(node.name())
    node = next((fn for fn, _ in node.next_functions if fn is not None), None)
print(" <- ".join(name.split("::")[-1] for name in nodes))
# > SumBackward0 <- PowBackward0 <- TanhBackward0 <- MvBackward0 <- AccumulateGrad
before = W.detach().clone()
L.backward()
print(torch.equal(W, before))  # backward fills .grad; updating W is the optimizer's job
# > True

# By hand, from the output back: each step multiplies the incoming gradient by one
# op's local derivative (a vector-Jacobian product); no Jacobian is ever built
with torch.no_grad():
    g_a = 2 * a  # dL/da
    g_u = g_a * (1 - a**2)  # tanh' = 1 - tanh^2, elementwise
    g_x = W.T @ g_u  # u = W x: dL/dx = W^T dL/du
    g_W = torch.outer(g_u, x)  # and dL/dW = dL/du x^T
print(torch.allclose(x.grad, g_x), torch.allclose(W.grad, g_W))
# > True True

# A tensor used twice: the gradients of both paths add up (multivariate chain rule)
t = torch.tensor(3.0, requires_grad=True)
(t * t + t).backward()
print(t.grad)  # d/dt (t^2 + t) = 2t + 1
# > tensor(7.)
