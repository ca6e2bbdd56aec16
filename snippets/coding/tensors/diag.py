"""torch.diag of a matrix by indexing with arange, checked against torch.diag."""

import torch


def diag(a, diagonal=0):
    """The diagonal of a 2-D tensor (n, m), as torch.diag(a, diagonal): above the main
    one for diagonal > 0, below for < 0, empty past the edge. Puzzle rules; no loops, no
    torch.diag, torch.diagonal or Tensor.diagonal."""
    # --8<-- [start:solution]
    n, m = a.shape
    row0, col0 = max(-diagonal, 0), max(diagonal, 0)  # where the diagonal starts
    length = max(min(n - row0, m - col0), 0)  # 0 when it starts past the edge
    i = torch.arange(length)
    return a[row0 + i, col0 + i]  # one index tensor per dim: not a[i][i]
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.diag",
    "torch.diagonal",
    "torch.Tensor.diagonal",
    "torch.Tensor.diag",
)


def check(diag):
    torch.manual_seed(0)

    def same(got, want, case):
        torch.testing.assert_close(
            got, want, rtol=0, atol=0, msg=lambda m: f"{case}: {m}"
        )

    matrices = {
        "square": torch.randn(4, 4),
        "wide": torch.randn(3, 5),
        "tall": torch.randn(5, 3),
        "int64, negative": torch.randint(-9, 9, (4, 3)),
        "bool": torch.rand(3, 3) > 0.5,
        "1 x 1": torch.tensor([[7.0]]),
        "0 x 0": torch.zeros(0, 0),
        "0 x 3": torch.zeros(0, 3),
    }
    for case, a in matrices.items():
        for k in range(-6, 7):  # every diagonal and some past the edges
            same(diag(a, k), torch.diag(a, k), f"{case}, diagonal={k}")
    print("diag matches torch.diag: square, wide, tall, every offset, empty")
    # > diag matches torch.diag: square, wide, tall, every offset, empty


# --8<-- [end:check]


if __name__ == "__main__":
    check(diag)
