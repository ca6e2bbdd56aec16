import torch

x = torch.tensor(2.0, requires_grad=True)
y = x**3 + 2 * x  # dy/dx = 3x^2 + 2 = 14 at x = 2
y.backward()
print(x.grad)
# > tensor(14.)
for i in range(2):
    print(i)
    # > 0
    # > 1
