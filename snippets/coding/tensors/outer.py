"""The outer product by broadcasting, checked against torch.outer."""

import torch


def outer(a, b):
    """The outer product of a (n,) and b (m,): out[i, j] = a[i] * b[j], shape (n, m),
    as torch.outer(a, b). Puzzle rules; no loops, no torch.outer."""
    # --8<-- [start:solution]
    # (n, 1) * (1, m) broadcasts to (n, m); * promotes mixed dtypes as torch.outer does.
    return a[:, None] * b[None, :]
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.outer",
    "torch.ger",
    "torch.einsum",
    "torch.Tensor.outer",
)


def check(outer):
    torch.manual_seed(0)

    def same(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    cases = {
        "float32, (3,) x (5,)": (torch.randn(3), torch.randn(5)),
        "float64, (4,) x (4,)": (torch.randn(4).double(), torch.randn(4).double()),
        "int64, negative": (torch.randint(-9, 9, (3,)), torch.randint(-9, 9, (2,))),
        "int64 x float32": (torch.tensor([1, -2]), torch.randn(3)),
        "int32 x int64": (torch.tensor([1, 2], dtype=torch.int32), torch.tensor([3])),
        "bool x bool": (torch.rand(3) > 0.5, torch.rand(4) > 0.5),
        "empty x (4,)": (torch.zeros(0), torch.randn(4)),
        "(3,) x empty": (torch.randn(3), torch.zeros(0)),
        "length 1": (torch.tensor([2.0]), torch.tensor([-3.0])),
    }
    for case, (a, b) in cases.items():
        same(outer(a, b), torch.outer(a, b), case)
    print("outer matches torch.outer: shapes (n, m), mixed dtypes, bool, empty")
    # > outer matches torch.outer: shapes (n, m), mixed dtypes, bool, empty


# --8<-- [end:check]


if __name__ == "__main__":
    check(outer)
