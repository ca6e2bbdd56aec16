"""bucketize by counting boundaries with a broadcast comparison, checked against
torch.bucketize."""

import torch


def bucketize(x, boundaries, right=False):
    """The bucket of each value v of x (any shape) in sorted 1-D boundaries, as
    torch.bucketize(x, boundaries, right=right): the i with boundaries[i-1] < v <=
    boundaries[i], or boundaries[i-1] <= v < boundaries[i] when right, compared in the
    inputs' own dtypes (no cast). Puzzle rules; no loops, no torch.bucketize or
    torch.searchsorted."""
    # --8<-- [start:solution]
    v = x[..., None]  # (*x.shape, 1) against (m,): any shape of x, 0-dim too
    # torch counts the boundaries b for which b >= v (b > v when right) is false:
    # NaN compares false with everything, so it lands past the last boundary.
    below = ~(boundaries > v) if right else ~(boundaries >= v)
    ones = (torch.arange(boundaries.shape[0]) >= 0).to(torch.int64)
    return below.to(torch.int64) @ ones  # a count: int64, like torch.bucketize
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.bucketize",
    "torch.searchsorted",
)


def check(bucketize):
    torch.manual_seed(0)

    def same(got, want, case):
        torch.testing.assert_close(
            got, want, rtol=0, atol=0, msg=lambda m: f"{case}: {m}"
        )

    b = torch.randn(5).sort().values
    b = torch.cat([b[:2], b[1:2], b[2:]])  # a repeated boundary
    x = torch.cat([torch.randn(26), b])  # values on the boundaries themselves
    inf = float("inf")
    cases = {
        "float32, (4, 8)": (x.reshape(4, 8), b),
        "(32,)": (x, b),
        "0-dim": (x[3], b),
        "inf, -inf and nan": (torch.tensor([inf, -inf, float("nan")]), b),
        "int64 values, negative": (torch.randint(-3, 3, (10,)), b),
        "int64 both": (torch.arange(-2, 8), torch.tensor([0, 2, 2, 5])),
        "no boundaries": (x, torch.zeros(0)),
        "one boundary": (x, b[:1]),
        "empty x": (torch.zeros(0), b),
        # Compared in the inputs' own dtypes: a cast to float32 puts 1 + 1e-9 on the
        # boundary 1 and 3e39 at inf; one to int64 boundaries' dtype truncates 0.5.
        "float64, a hair off the boundaries, past float32's range": (
            torch.tensor([1 + 1e-9, 2 - 1e-9, 1.0, 3e39, -3e39], dtype=torch.float64),
            torch.tensor([1.0, 2.0], dtype=torch.float64),
        ),
        "float values, int64 boundaries": (
            torch.tensor([0.5, 2.5, -0.5, 2.0, 4.9, 5.0]),
            torch.tensor([0, 2, 5]),
        ),
        # int64 is exact past float32's 2**24 and float64's 2**53.
        "int64 past 2**24 and 2**53": (
            torch.tensor([2**24 + 1, 2**24, 2**53 + 1, 2**53, 2**62 + 1]),
            torch.tensor([2**24, 2**53, 2**62]),
        ),
        # The comparison promotes to the wider float: float64 boundaries stay float64.
        "float32 x, float64 boundaries a hair off": (
            torch.tensor([1.0, 2.0, 1.5]),
            torch.tensor([1 - 1e-9, 1 + 1e-9, 2 - 1e-9, 2 + 1e-9], dtype=torch.float64),
        ),
        "float16 x, float32 boundaries": (
            torch.tensor([0.5, 1.0, -2.0], dtype=torch.float16),
            torch.tensor([-2.0001, 0.4999, 0.5001, 1.0001]),
        ),
    }
    casts = {
        "float64, a hair off the boundaries, past float32's range": "; likely cause: "
        "a cast to float32: compare in the inputs' dtypes",
        "float values, int64 boundaries": "; likely cause: x cast to the boundaries' "
        "dtype (0.5 -> 0): let the comparison promote",
        "int64 past 2**24 and 2**53": "; likely cause: integers compared through "
        "float32 or float64 (2**53 + 1 rounds to 2**53): compare them as int64",
        "float32 x, float64 boundaries a hair off": "; likely cause: the boundaries "
        "cast to x's dtype (1 + 1e-9 -> 1.0): let the comparison promote",
        "float16 x, float32 boundaries": "; likely cause: the boundaries cast to x's "
        "dtype (0.4999 -> 0.5): let the comparison promote",
    }
    for case, (values, bounds) in cases.items():
        for right in [False, True]:
            want = torch.bucketize(values, bounds, right=right)
            why = f"{case}, right={right}{casts.get(case, '')}"
            same(bucketize(values, bounds, right), want, why)
    print("bucketize matches torch.bucketize: ties both ways, nan, any shape, empty")
    # > bucketize matches torch.bucketize: ties both ways, nan, any shape, empty


# --8<-- [end:check]


if __name__ == "__main__":
    check(bucketize)
