"""cumsum with a triangular mask and one matmul, checked against torch.cumsum."""

import torch


def cumsum(a):
    """The running sums of a 1-D tensor, as torch.cumsum(a, dim=0): integer and bool
    inputs sum exactly in int64 (past 2**53 too). Puzzle rules; no loops, no
    torch.cumsum, torch.sum or Tensor.sum."""
    # --8<-- [start:solution]
    work = a if a.is_floating_point() else a.to(torch.int64)  # as torch.cumsum
    i = torch.arange(a.shape[0])
    # Row i holds a[j] for j <= i and 0 elsewhere; a matmul with ones sums each row.
    # Not tri @ a with a 0/1 matrix tri: it adds 0 * inf = nan before every inf.
    rows = torch.where(i[None, :] <= i[:, None], work[None, :], 0)
    ones = (i >= 0).to(work.dtype)
    return rows @ ones
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.cumsum",
    "torch.Tensor.cumsum",
    "torch.sum",
    "torch.Tensor.sum",
    "torch.nansum",
)


def check(cumsum):
    torch.manual_seed(0)

    def same(got, want, case):
        torch.testing.assert_close(
            got, want, equal_nan=True, msg=lambda m: f"{case}: {m}"
        )

    cases = {
        "float32": torch.randn(50),
        "float64": torch.randn(50, dtype=torch.float64),
        "float16": torch.randn(50).half(),
        "bfloat16": torch.randn(50).bfloat16(),
        "int64, negative": torch.randint(-50, 50, (50,)),
        "int64 past 2**53 (through float64? sum ints in int64)": torch.tensor(
            [2**53, 1, 1, -(2**60) - 3]
        ),
        "int32 past 2**31": torch.full((4,), 2**30, dtype=torch.int32),
        "uint8 past 255": torch.tensor([200, 100], dtype=torch.uint8),
        "bool": torch.rand(20) > 0.5,
        "inf in the middle": torch.tensor([1.0, float("inf"), 2.0]),
        "-inf, then nan": torch.tensor([3.0, float("-inf"), float("nan"), 1.0]),
        "empty": torch.zeros(0),
        "length 1": torch.tensor([-4]),
    }
    for case, a in cases.items():
        same(cumsum(a), torch.cumsum(a, dim=0), case)
    print("cumsum matches torch.cumsum: 4 float dtypes, int64 for ints, inf, empty")
    # > cumsum matches torch.cumsum: 4 float dtypes, int64 for ints, inf, empty


# --8<-- [end:check]


if __name__ == "__main__":
    check(cumsum)
