"""torch.diag of a matrix by indexing with arange, checked against torch.diag."""

import torch


def diag(a, diagonal=0):
    """The diagonal of a 2-D tensor (n, m) of any strides (a transposed or sliced view
    too), as torch.diag(a, diagonal): above the main one for diagonal > 0, below for
    < 0, empty past the edge; inf and nan off the diagonal do not reach it. Puzzle
    rules; no loops, no torch.diag, torch.diagonal or Tensor.diagonal (nor
    torch.linalg.diagonal or torch.diagonal_copy)."""
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
    "torch.linalg.diagonal",  # the same op under torch's other names
    "torch.diagonal_copy",
)


def check(diag):
    torch.manual_seed(0)

    def same(got, want, case):
        torch.testing.assert_close(
            got, want, rtol=0, atol=0, equal_nan=True, msg=lambda m: f"{case}: {m}"
        )

    def call(case, a, k):
        try:
            return diag(a, k)
        except (AssertionError, NotImplementedError):
            raise
        except Exception as e:
            raise AssertionError(f"{case}: your code raised {e!r}") from e

    inf, nan = float("inf"), float("nan")
    matrices = {
        "square": torch.randn(4, 4),
        "wide": torch.randn(3, 5),
        "tall": torch.randn(5, 3),
        "int64, negative": torch.randint(-9, 9, (4, 3)),
        "bool": torch.rand(3, 3) > 0.5,
        "1 x 1": torch.tensor([[7.0]]),
        "0 x 0": torch.zeros(0, 0),
        "0 x 3": torch.zeros(0, 3),
        "a transposed view, 4 x 3 (strides (1, 4): read a through indexing)": (
            torch.randn(3, 4).t()
        ),
        "a sliced view, 3 x 4 (an offset and strides (10, 1))": (
            torch.randn(6, 5)[1::2, 1:]
        ),
        "inf and nan off the diagonal (a mask times a? 0 * inf is nan)": torch.tensor(
            [[1.0, inf, nan], [-inf, 2.0, inf], [nan, 3.0, 4.0]]
        ),
    }

    def storage(t):
        return t.untyped_storage().data_ptr()

    for case, a in matrices.items():
        for k in range(-6, 7):  # every diagonal and some past the edges
            got = call(case, a, k)
            same(got, torch.diag(a, k), f"{case}, diagonal={k}")
            # torch.diag returns a new tensor: a write to the result must not change a.
            assert got.numel() == 0 or storage(got) != storage(a), (
                f"{case}, diagonal={k}: the result is a view of a (it shares a's"
                " memory, so writing to it changes a); torch.diag returns a new tensor:"
                " index with tensors (a copy), not with slices"
            )
    print(
        "diag matches torch.diag: square, wide, tall, every offset, empty, views, inf"
    )
    # > diag matches torch.diag: square, wide, tall, every offset, empty, views, inf


# --8<-- [end:check]


if __name__ == "__main__":
    check(diag)
