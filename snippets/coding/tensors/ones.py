"""ones(n) from arange and a comparison, checked against torch.ones."""

import torch


def ones(n, dtype=torch.float32):
    """A 1-D tensor of n ones, as torch.ones(n, dtype=dtype): a new tensor whose entries
    each have their own memory (not one value expanded). Puzzle rules: arange, indexing,
    where, broadcasting, @ and .to(dtype); no loops, no torch.ones or torch.full (nor
    fill_, nn.init.ones_ or nn.init.constant_)."""
    # --8<-- [start:solution]
    # Every entry of arange(n) is >= 0: a comparison that is True n times.
    return (torch.arange(n) >= 0).to(dtype)
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.ones",
    "torch.ones_like",
    "torch.full",
    "torch.full_like",
    "torch.Tensor.new_ones",
    "torch.Tensor.new_full",
    "torch.fill",  # full is empty + fill_: the same op
    "torch.Tensor.fill_",
    "torch.nn.init.ones_",
    "torch.nn.init.constant_",
)


def check(ones):
    torch.manual_seed(0)

    def same(got, want, case):
        torch.testing.assert_close(
            got, want, rtol=0, atol=0, msg=lambda m: f"{case}: {m}"
        )

    same(ones(5), torch.ones(5), "ones(5), no dtype given")
    n = int(torch.randint(2, 50, ()))
    dtypes = [torch.float32, torch.float64, torch.float16, torch.bfloat16]
    dtypes += [torch.int64, torch.int32, torch.uint8, torch.bool]
    for length in [0, 1, n]:  # empty, one element, a random length
        for dtype in dtypes:
            same(
                ones(length, dtype),
                torch.ones(length, dtype=dtype),
                f"{length}, {dtype}",
            )
    same(
        ones(70_000, torch.float16),
        torch.ones(70_000, dtype=torch.float16),
        "70000, float16 (arange in float16 is inf from 65528, and inf * 0 is nan:"
        " count in int64, cast last)",
    )
    got, case = ones(4), "ones(4), then out[0] = 0"
    try:
        got[0] = 0.0  # the caller writes one entry: the others stay 1
    except RuntimeError as e:
        raise AssertionError(
            f"{case}: the write raised {e}: return a new tensor"
        ) from e
    same(
        got,
        torch.tensor([0.0, 1.0, 1.0, 1.0]),
        f"{case}: the entries share memory (expand?): return a new tensor",
    )
    same(
        ones(4),
        torch.ones(4),
        "ones(4) after a caller wrote into an earlier result (a cache?)",
    )
    same(
        ones(300, torch.uint8),
        torch.ones(300, dtype=torch.uint8),
        "300, uint8 (a count kept in uint8 wraps at 256: count in int64, cast last)",
    )
    print("ones matches torch.ones: lengths 0, 1, n, 70000, 8 dtypes, a new tensor")
    # > ones matches torch.ones: lengths 0, 1, n, 70000, 8 dtypes, a new tensor


# --8<-- [end:check]


if __name__ == "__main__":
    check(ones)
