"""The outer product by broadcasting, checked against torch.outer."""

import torch


def outer(a, b):
    """The outer product of a (n,) and b (m,): out[i, j] = a[i] * b[j], shape (n, m),
    as torch.outer(a, b), in the dtype it gives; a and b unchanged. Puzzle rules; no
    loops, no torch.outer."""
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

    def same(
        got, want, case
    ):  # exact: torch.outer rounds each product once, in its dtype
        torch.testing.assert_close(
            got,
            want,
            rtol=0,
            atol=0,
            msg=lambda m: (
                f"{case}: {m} (want torch.outer's exact result: each product"
                " once, in the promoted dtype, not through float32 or another dtype)"
            ),
        )

    def call(case, a, b):  # torch's answer first, then yours on the same a and b
        want, kept = torch.outer(a, b), (a.clone(), b.clone())
        try:
            got = outer(a, b)
        except (AssertionError, NotImplementedError):
            raise
        except Exception as e:
            raise AssertionError(f"{case}: your code raised {e!r}") from e
        for name, x, x0 in zip("ab", (a, b), kept, strict=True):
            assert x.shape == x0.shape and torch.equal(x, x0), (
                f"{case}: outer changed its input {name} in place (unsqueeze_?):"
                " leave a and b as they were"
            )
        same(got, want, case)

    big = 2**53 + 1  # not a float64: exact only in int64
    cases = {
        "float32, (3,) x (5,)": (torch.randn(3), torch.randn(5)),
        "float64, (4,) x (4,)": (torch.randn(4).double(), torch.randn(4).double()),
        "int64, negative": (torch.randint(-9, 9, (3,)), torch.randint(-9, 9, (2,))),
        "int64 past 2**53 (through float64? multiply in int64)": (
            torch.tensor([big, -(2**60) - 1]),
            torch.tensor([1, 3]),
        ),
        "int64 x float32": (torch.tensor([1, -2]), torch.randn(3)),
        "float32 x int64 (cast to b's dtype? * promotes both)": (
            torch.tensor([1.5, -2.5]),
            torch.tensor([2, 3]),
        ),
        "float64 x float32: float64": (torch.randn(2).double(), torch.randn(3)),
        "float32 x float64: float64 (cast to a's dtype? * promotes both)": (
            torch.randn(3),
            torch.randn(2).double(),
        ),
        "float64 with 53-bit mantissas (multiplied in float32?)": (
            torch.tensor([1 + 2**-30, -(1 + 2**-40)], dtype=torch.float64),
            torch.tensor([3.0, 1 + 2**-29], dtype=torch.float64),
        ),
        "int32 x int64": (torch.tensor([1, 2], dtype=torch.int32), torch.tensor([3])),
        "int32 x int32: int32, as torch.outer": (
            torch.tensor([1, -2], dtype=torch.int32),
            torch.tensor([3, 4, 5], dtype=torch.int32),
        ),
        "bool x bool": (torch.rand(3) > 0.5, torch.rand(4) > 0.5),
        "empty x (4,)": (torch.zeros(0), torch.randn(4)),
        "(3,) x empty": (torch.randn(3), torch.zeros(0)),
        "length 1": (torch.tensor([2.0]), torch.tensor([-3.0])),
    }
    for case, (a, b) in cases.items():
        call(case, a, b)
    print(
        "outer matches torch.outer: shapes (n, m), mixed dtypes both ways, bool, empty"
    )
    # > outer matches torch.outer: shapes (n, m), mixed dtypes both ways, bool, empty


# --8<-- [end:check]


if __name__ == "__main__":
    check(outer)
