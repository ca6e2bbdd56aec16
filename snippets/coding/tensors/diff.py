"""torch.diff by slicing, checked against torch.diff."""

import torch


def diff(a):
    """Differences of neighbours along the last dim, as torch.diff(a): out[..., i] =
    a[..., i + 1] - a[..., i], one element shorter. Puzzle rules; no loops, no
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

    def same(got, want, case):
        torch.testing.assert_close(
            got, want, equal_nan=True, msg=lambda m: f"{case}: {m}"
        )

    cases = {
        "float32, (7,)": torch.randn(7),
        "float64, (3, 6): the last dim": torch.randn(3, 6, dtype=torch.float64),
        "int64, negative": torch.randint(-9, 9, (2, 5)),
        "uint8 wraps": torch.tensor([1, 0, 255], dtype=torch.uint8),
        "bool": torch.rand(3, 8) > 0.5,
        "inf": torch.tensor([1.0, float("inf"), float("inf")]),
        "length 1": torch.tensor([5.0]),
        "empty": torch.zeros(0),
        "(3, 0)": torch.zeros(3, 0),
    }
    for case, a in cases.items():
        same(diff(a), torch.diff(a), case)
    print("diff matches torch.diff: the last dim, ints, bool as xor, length 0 and 1")
    # > diff matches torch.diff: the last dim, ints, bool as xor, length 0 and 1


# --8<-- [end:check]


if __name__ == "__main__":
    check(diff)
