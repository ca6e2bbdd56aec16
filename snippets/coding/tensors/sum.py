"""sum(a) as one matmul with a vector of ones, checked against torch.sum."""

import torch


def sum(a):
    """The sum of a 1-D tensor, as torch.sum(a): a 0-dim tensor; integer and bool
    inputs (int8 to int64, uint8) sum exactly in int64. Puzzle rules: arange, indexing,
    where, broadcasting, @ and .to(dtype); no loops, no torch.sum or Tensor.sum."""
    # --8<-- [start:solution]
    # torch.sum accumulates every integer dtype and bool in int64, exactly: int8 to
    # int32 and uint8 would overflow, and float64 holds integers exactly only to 2**53.
    work = a if a.is_floating_point() else a.to(torch.int64)
    # Ones from a comparison, not a * 0 + 1: inf * 0 is nan.
    ones = (torch.arange(a.shape[0]) >= 0).to(work.dtype)
    return work @ ones  # (n,) @ (n,): a 0-dim tensor
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.sum",
    "torch.Tensor.sum",
    "torch.nansum",
)


def check(sum):
    torch.manual_seed(0)

    def same(got, want, case):
        torch.testing.assert_close(
            got, want, equal_nan=True, msg=lambda m: f"{case}: {m}"
        )

    cases = {
        "float32": torch.randn(100),
        "float64": torch.randn(100, dtype=torch.float64),
        "float16": torch.randn(100).half(),
        "bfloat16": torch.randn(100).bfloat16(),
        "int64, negative": torch.randint(-50, 50, (100,)),
        "int64 past 2**53 (through float64? sum ints in int64)": torch.tensor(
            [2**62 + 1, 1, -(2**60) - 3]
        ),
        "int32 past 2**31": torch.full((4,), 2**30, dtype=torch.int32),
        "int16 past 2**15": torch.tensor([30000, 30000, -7], dtype=torch.int16),
        "int8 past 127": torch.tensor([100, 100, -1], dtype=torch.int8),
        "uint8 past 255": torch.tensor([200, 100], dtype=torch.uint8),
        "bool": torch.rand(20) > 0.5,
        "empty float": torch.zeros(0),
        "empty int": torch.zeros(0, dtype=torch.int64),
        "length 1": torch.tensor([-3.5]),
        "inf": torch.tensor([1.0, float("inf"), 2.0]),
        "-inf and nan": torch.tensor([float("-inf"), 1.0, float("nan")]),
    }
    for case, a in cases.items():
        same(sum(a), torch.sum(a), case)
    print("sum matches torch.sum: 0-dim, int64 for ints and bools, inf, nan, empty")
    # > sum matches torch.sum: 0-dim, int64 for ints and bools, inf, nan, empty


# --8<-- [end:check]


if __name__ == "__main__":
    check(sum)
