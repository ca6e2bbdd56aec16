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

try:
    torch.randn(2, 3) @ torch.randn(2, 3)  # inner dims must match: (2x3) @ (3xk)
except RuntimeError as e:
    print(e)
    # > mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)

# Attention scores: batch b, heads h, queries q, keys k, head dim d
q, k = torch.randn(2, 8, 5, 16), torch.randn(2, 8, 7, 16)
# d is summed because it is missing on the right
scores = torch.einsum("bhqd,bhkd->bhqk", q, k)
print(scores.shape, torch.allclose(scores, q @ k.transpose(-2, -1), atol=1e-5))
# > torch.Size([2, 8, 5, 7]) True

x = torch.randn(3, 3)
# trace, transpose
print(
    torch.allclose(torch.einsum("ii->", x), x.trace()), torch.einsum("ij->ji", x).shape
)
# > True torch.Size([3, 3])
