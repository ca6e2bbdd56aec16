import textwrap

import torch

torch.manual_seed(0)
A, B = torch.randn(2, 3, 4), torch.randn(2, 4, 5)
print(torch.bmm(A, B).shape, torch.allclose(torch.bmm(A, B), A @ B))
# > torch.Size([2, 3, 5]) True

W = torch.randn(4, 5)  # one weight matrix for the whole batch
print((A @ W).shape)  # @ (torch.matmul) broadcasts the batch dims
# > torch.Size([2, 3, 5])
try:
    torch.bmm(A, W)  # bmm does not: both operands must be 3-D with the same batch size
except RuntimeError as e:
    print(e)
    # > batch2 must be a 3D tensor
B1 = torch.randn(1, 4, 5)  # a batch of one: @ broadcasts it, bmm refuses it
print((A @ B1).shape)
# > torch.Size([2, 3, 5])
try:
    torch.bmm(A, B1)
except RuntimeError as e:
    print(textwrap.fill(str(e), 80))
    # > Expected size for first two dimensions of batch2 tensor to be: [2, 4] but got:
    # > [1, 4].


def matmul_error(a, b):
    try:
        torch.randn(a) @ torch.randn(b)
    except RuntimeError as e:
        return textwrap.fill(str(e), 80)


# The inner dims must agree; the message depends on the path matmul takes
print(matmul_error((2, 3), (2, 3)))
# > mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)
print(matmul_error((2, 3, 4), (5, 6)))  # a 2-D weight: the batch is folded into rows
# > mat1 and mat2 shapes cannot be multiplied (6x4 and 5x6)
print(matmul_error((2, 3, 4), (2, 5, 6)))  # both batched: the bmm path
# > Expected size for first two dimensions of batch2 tensor to be: [2, 4] but got:
# > [2, 5].

# Attention scores: batch b, heads h, queries q, keys k, head dim d
q, k = torch.randn(2, 8, 5, 16, requires_grad=True), torch.randn(2, 8, 7, 16)
# d is summed because it is missing on the right
scores = torch.einsum("bhqd,bhkd->bhqk", q, k)
print(scores.shape, torch.allclose(scores, q @ k.transpose(-2, -1), atol=1e-5))
# > torch.Size([2, 8, 5, 7]) True


def graph_ops(t):
    """The names of the autograd nodes behind t."""
    names, todo = set(), [t.grad_fn]
    while todo:
        node = todo.pop()
        names.add(node.name())
        todo.extend(fn for fn, _ in node.next_functions if fn is not None)
    return names


# What einsum runs depends on the string: a summed index of size > 1 that both operands
# share makes a bmm (of size 1, a mul), an index summed in one operand only is summed
# out first, no summed index is a mul, one operand a diagonal and a sum
x = torch.randn(3, 3, requires_grad=True)
key = {"BmmBackward0", "MulBackward0", "DiagonalBackward0", "SumBackward1"}
for eq, operands in (
    ("bhqd,bhkd->bhqk", (q, k)),
    ("ik,kj->ij", (x[:, :1], x[:1])),  # k = 1
    ("ij,kl->", (x, x)),
    ("i,j->ij", (x[0], x[1])),
    ("ii->", (x,)),
):
    print(eq, sorted(graph_ops(torch.einsum(eq, *operands)) & key))
    # > bhqd,bhkd->bhqk ['BmmBackward0']
    # > ik,kj->ij ['MulBackward0']
    # > ij,kl-> ['MulBackward0', 'SumBackward1']
    # > i,j->ij ['MulBackward0']
    # > ii-> ['DiagonalBackward0', 'SumBackward1']
print(
    torch.allclose(torch.einsum("ii->", x), x.trace()), torch.einsum("ij->ji", x).shape
)
# > True torch.Size([3, 3])
