import torch

x = torch.tensor(2.0, requires_grad=True)
y = x**3 + 2 * x  # recorded as it runs: y.grad_fn is the last op of the graph
print(y.grad_fn.name())
# > AddBackward0
# sign is recorded; a bool or integer result cannot carry a gradient, and is not
print(x.sign().grad_fn.name(), (x > 0).grad_fn, x.long().requires_grad)
# > SignBackward0 None False

y.backward()  # walks the graph from y back to the leaves, applying the chain rule
print(x.grad)  # dy/dx = 3x^2 + 2 = 14 at x = 2
# > tensor(14.)

y = x**3 + 2 * x  # a new graph: the first one was freed by backward()
y.backward()
print(x.grad)  # backward() adds into .grad, it never overwrites
# > tensor(28.)
