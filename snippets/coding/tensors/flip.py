"""torch.flip along one dim by indexing with a reversed arange, checked against it."""

import torch


def flip(a, dim=0):
    """a reversed along dim (negative dims count from the end; a has at least one dim),
    as torch.flip(a, [dim]). Puzzle rules; no loops, no torch.flip, torch.fliplr or
    torch.flipud."""
    # --8<-- [start:solution]
    dim = dim % a.dim()  # -1 is the last dim
    n = a.shape[dim]
    index = n - 1 - torch.arange(n)  # n-1, ..., 0: a[::-1] raises in torch
    return a[(slice(None),) * dim + (index,)]  # a[:, :, index] for dim = 2
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.flip",
    "torch.Tensor.flip",
    "torch.fliplr",
    "torch.flipud",
)


def check(flip):
    torch.manual_seed(0)

    def same(got, want, case):
        torch.testing.assert_close(
            got, want, rtol=0, atol=0, msg=lambda m: f"{case}: {m}"
        )

    inputs = {
        "float32, (7,)": torch.randn(7),
        "float32, (3, 4, 5)": torch.randn(3, 4, 5),
        "int64, negative, (2, 6)": torch.randint(-9, 9, (2, 6)),
        "bool, (4, 3)": torch.rand(4, 3) > 0.5,
        "length 1": torch.tensor([2.0]),
        "empty": torch.zeros(0),
        "(2, 0)": torch.zeros(2, 0),
    }
    for case, a in inputs.items():
        for dim in range(-a.dim(), a.dim()):
            same(flip(a, dim), torch.flip(a, [dim]), f"{case}, dim={dim}")
    print("flip matches torch.flip: every dim, negative dims, bool, length 0 and 1")
    # > flip matches torch.flip: every dim, negative dims, bool, length 0 and 1


# --8<-- [end:check]


if __name__ == "__main__":
    check(flip)
