"""torch.flip along one dim by indexing with a reversed arange, checked against it."""

import torch


def flip(a, dim=0):
    """a reversed along dim (negative dims count from the end; a has at least one dim),
    as torch.flip(a, [dim]): a new tensor (a length-1 dim too), a unchanged; inf, nan,
    -0.0 and any int64 come through exactly. Puzzle rules; no loops, no torch.flip,
    torch.fliplr or torch.flipud."""
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
            got, want, rtol=0, atol=0, equal_nan=True, msg=lambda m: f"{case}: {m}"
        )
        if want.is_floating_point():  # -0.0 stays -0.0: values moved, not recomputed
            assert torch.equal(torch.signbit(got), torch.signbit(want)), (
                f"{case}: the sign of a zero changed (-0.0 became 0.0: a + 0 or"
                " zeros + a?): move the values, do not add to them"
            )

    def call(case, a, dim):  # torch's answer first, then yours on the same a
        # dim None: flip(a) called without it, the default 0.
        want, kept = torch.flip(a, [0 if dim is None else dim]), a.clone()
        try:
            got = flip(a) if dim is None else flip(a, dim)
        except (AssertionError, NotImplementedError):
            raise
        except Exception as e:
            raise AssertionError(f"{case}: your code raised {e!r}") from e
        try:
            torch.testing.assert_close(a, kept, rtol=0, atol=0, equal_nan=True)
        except AssertionError:
            raise AssertionError(
                f"{case}: flip changed its input a in place (copy_?): leave a as it was"
            ) from None
        assert (
            isinstance(got, torch.Tensor)
            and got is not a
            and (
                a.numel() == 0
                or got.untyped_storage().data_ptr() != a.untyped_storage().data_ptr()
            )
        ), (
            f"{case}: the result is a itself or shares its memory: return a new tensor,"
            " even when there is nothing to reverse (a write to it would change a)"
        )
        same(got, want, case)

    inf, nan = float("inf"), float("nan")
    inputs = {
        "float32, (7,)": torch.randn(7),
        "float32, (3, 4, 5)": torch.randn(3, 4, 5),
        "int64, negative, (2, 6)": torch.randint(-9, 9, (2, 6)),
        "bool, (4, 3)": torch.rand(4, 3) > 0.5,
        "inf and nan (a matmul? 0 * inf is nan)": torch.tensor([1.0, inf, nan, -inf]),
        "int64 past 2**53 (through float64? index, do not multiply)": torch.tensor(
            [2**53 + 1, -(2**62) - 1, 3]
        ),
        "length 1": torch.tensor([2.0]),
        "(1, 3), dim 0 of length 1": torch.randn(1, 3),
        "-0.0 and 0.0": torch.tensor([-0.0, 1.0, 0.0, -2.0, -0.0]),
        "empty": torch.zeros(0),
        "(2, 0)": torch.zeros(2, 0),
    }
    for case, a in inputs.items():
        for dim in range(-a.dim(), a.dim()):
            call(f"{case}, dim={dim}", a, dim)
        call(f"{case}, dim not given (the default 0)", a, None)
    print("flip matches torch.flip: every dim, negative dims, bool, inf, a unchanged")
    # > flip matches torch.flip: every dim, negative dims, bool, inf, a unchanged


# --8<-- [end:check]


if __name__ == "__main__":
    check(flip)
