"""torch.diff by slicing, checked against torch.diff."""

import torch


def diff(a):
    """Differences of neighbours along the last dim, as torch.diff(a): out[..., i] =
    a[..., i + 1] - a[..., i], one element shorter, for any number of dims, in a's
    dtype (narrow ints wrap, float16 stays float16). Puzzle rules; no loops, no
    torch.diff."""
    # --8<-- [start:solution]
    if a.dtype == torch.bool:  # bool - bool raises; torch.diff gives the logical xor
        return a[..., 1:] != a[..., :-1]
    return a[..., 1:] - a[..., :-1]
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.diff",
    "torch.Tensor.diff",
)


def check(diff):
    torch.manual_seed(0)

    def same(got, want, case):  # exactly: one subtraction in a's dtype, as torch.diff
        torch.testing.assert_close(
            got, want, rtol=0, atol=0, equal_nan=True, msg=lambda m: f"{case}: {m}"
        )

    cases = {
        "float32, (7,)": torch.randn(7),
        "float64, neighbours 1e-12 apart (computed in float32? keep a's dtype)": (
            torch.tensor([1.0, 1.0 + 1e-12, 3.0], dtype=torch.float64)
        ),
        "int64 past 2**53 (computed in float64? subtract in int64)": torch.tensor(
            [2**62 + 1, 2**62 + 4, 3]
        ),
        "float64, (3, 6): the last dim": torch.randn(3, 6, dtype=torch.float64),
        "float32, (2, 3, 4): the last dim of a 3-D input": torch.randn(2, 3, 4),
        "float16 (stays float16)": torch.randn(2, 6).half(),
        "bfloat16 (stays bfloat16)": torch.randn(6).bfloat16(),
        "int64, negative": torch.randint(-9, 9, (2, 5)),
        "uint8 wraps": torch.tensor([1, 0, 255], dtype=torch.uint8),
        "int8 wraps (stays int8, as torch.diff)": torch.tensor(
            [100, -100, 27], dtype=torch.int8
        ),
        "int32 (stays int32)": torch.tensor([2**31 - 1, -5, 3], dtype=torch.int32),
        "bool": torch.rand(3, 8) > 0.5,
        "inf": torch.tensor([1.0, float("inf"), float("inf")]),
        "length 1": torch.tensor([5.0]),
        "empty": torch.zeros(0),
        "(3, 0)": torch.zeros(3, 0),
    }
    for case, a in cases.items():
        same(diff(a), torch.diff(a), case)
    print("diff matches torch.diff: the last dim, 1-3 dims, 9 dtypes, bool as xor")
    # > diff matches torch.diff: the last dim, 1-3 dims, 9 dtypes, bool as xor


# --8<-- [end:check]


if __name__ == "__main__":
    check(diff)
