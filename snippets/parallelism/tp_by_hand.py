import torch

torch.manual_seed(0)
x = torch.randn(4, 8)  # every "rank" sees the same input
A = torch.randn(8, 16)  # first linear: column-parallel (split output features)
B = torch.randn(16, 8)  # second linear: row-parallel (split input features)
full = torch.relu(x @ A) @ B

N = 2
A_cols = A.chunk(N, dim=1)  # rank r holds A[:, r-th half]
B_rows = B.chunk(N, dim=0)  # rank r holds the matching rows of B
# each rank: its half of the hidden units, then a partial output of full shape
partials = [torch.relu(x @ a) @ b for a, b in zip(A_cols, B_rows, strict=True)]
print("one partial equals output:", torch.allclose(partials[0], full, atol=1e-5))
# > one partial equals output: False
print(
    "sum of partials (the one all-reduce) equals output:",
    torch.allclose(sum(partials), full, atol=1e-5),
)
# > sum of partials (the one all-reduce) equals output: True

# the trap: split A by rows instead, and relu sees partial sums, not the real hidden
A_rows, x_cols = A.chunk(N, dim=0), x.chunk(N, dim=1)
wrong = sum(torch.relu(xc @ a) for xc, a in zip(x_cols, A_rows, strict=True)) @ B
print(
    "row-split first layer, relu on partial sums:",
    torch.allclose(wrong, full, atol=1e-5),
)
# > row-split first layer, relu on partial sums: False
