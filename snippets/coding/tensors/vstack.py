"""torch.stack of two vectors by where on a broadcast row index, checked against it."""

import torch


def vstack(a, b):
    """a and b (n,) as the two rows of a new (2, n) tensor, as torch.stack([a, b]):
    mixed dtypes promoted as torch does, whichever of a and b is the wider. Puzzle
    rules; no loops, no torch.stack, vstack, cat or their relatives (pad_sequence
    too)."""
    # --8<-- [start:solution]
    row = torch.arange(2)[:, None]  # (2, 1): broadcast with (n,), it makes (2, n)
    # where picks, never multiplies (0 * inf is nan), and promotes as stack does.
    return torch.where(row == 0, a, b)
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.stack",
    "torch.vstack",
    "torch.row_stack",
    "torch.hstack",
    "torch.column_stack",
    "torch.dstack",
    "torch.cat",
    "torch.concat",
    "torch.concatenate",
    "torch.nn.utils.rnn.pad_sequence",
)


def check(vstack):
    torch.manual_seed(0)

    def same(got, want, case):
        torch.testing.assert_close(
            got, want, rtol=0, atol=0, equal_nan=True, msg=lambda m: f"{case}: {m}"
        )

    def like(got, want):  # the check's own comparison: never raises
        try:
            same(got, want, "")
        except Exception:
            return False
        return True

    inf, nan = float("inf"), float("nan")
    pairs = {
        "float32": (torch.randn(5), torch.randn(5)),
        "int64": (torch.randint(-9, 9, (4,)), torch.randint(-9, 9, (4,))),
        "bool": (torch.rand(6) > 0.5, torch.rand(6) > 0.5),
        "int64 and float32": (torch.tensor([1, 2, 3]), torch.randn(3)),
        "bool and int64": (torch.tensor([True, False]), torch.tensor([5, -5])),
        "float32 and int64": (torch.tensor([1.5, -2.7]), torch.tensor([1, 2])),
        "int64 and bool": (torch.tensor([5, -5]), torch.tensor([True, False])),
        "float32 and float64": (torch.randn(3), torch.randn(3).double()),
        "float64 and float32": (torch.randn(3).double(), torch.randn(3)),
        "inf and nan": (torch.tensor([inf, 1.0, nan]), torch.tensor([2.0, -inf, 3.0])),
        "length 2": (torch.randn(2), torch.randn(2)),
        "length 1": (torch.tensor([1.5]), torch.tensor([-1.5])),
        "empty": (torch.zeros(0), torch.zeros(0)),
    }
    for case, (a, b) in pairs.items():
        got, want, cause = vstack(a, b), torch.stack([a, b]), ""
        if like(got, torch.stack([b, a])):
            cause = " (the rows swapped: row 0 is a)"
        elif getattr(got, "dtype", want.dtype) != want.dtype:
            cause = (
                " (promote a and b together, as torch.stack does, not to one's dtype)"
            )
        same(got, want, case + cause)
    print("vstack matches torch.stack: shape (2, n), mixed dtypes, inf and nan, empty")
    # > vstack matches torch.stack: shape (2, n), mixed dtypes, inf and nan, empty


# --8<-- [end:check]


if __name__ == "__main__":
    check(vstack)
