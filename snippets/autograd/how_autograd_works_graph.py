import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)  # a leaf: created by you, not by an op
b = torch.tensor(0.5)  # requires_grad=False: not tracked, no node for it
loss = ((w * 3).sum() + b) ** 2

names, node = [], loss.grad_fn
while node.next_functions:  # follow the first input of each node back toward the leaf
    names.append(node.name())
    node = node.next_functions[0][0]
print(" -> ".join(names), "->", type(node).__name__)
# > PowBackward0 -> AddBackward0 -> SumBackward0 -> MulBackward0 -> AccumulateGrad
print(node.variable is w)  # AccumulateGrad is where the gradient lands: w.grad
# > True
# what PowBackward0 kept from the forward pass to compute 2 * base
print(loss.grad_fn._saved_self)
# > tensor(9.5000, grad_fn=<AddBackward0>)

loss.backward()
print(w.grad, w.is_leaf, loss.is_leaf)  # d/dw (3*w.sum() + 0.5)^2 = 2 * 9.5 * 3
# > tensor([57., 57.]) True False

# Variable is a legacy alias that returns a Tensor
print(type(torch.autograd.Variable(torch.ones(1))).__name__)
# > Tensor
