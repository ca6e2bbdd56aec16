"""ones(n) from arange and a comparison, checked against torch.ones."""

import torch


def ones(n, dtype=torch.float32):
    """A 1-D tensor of n ones, as torch.ones(n, dtype=dtype). Puzzle rules: arange,
    indexing, where, broadcasting, @ and .to(dtype); no loops, no torch.ones."""
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
)


def check(ones):
    torch.manual_seed(0)

    def same(got, want, case):
        torch.testing.assert_close(
            got, want, rtol=0, atol=0, msg=lambda m: f"{case}: {m}"
        )

    same(ones(5), torch.ones(5), "no dtype given: torch.ones gives float32")
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
    print("ones matches torch.ones: lengths 0, 1 and n, the default dtype and 8 more")
    # > ones matches torch.ones: lengths 0, 1 and n, the default dtype and 8 more


# --8<-- [end:check]


if __name__ == "__main__":
    check(ones)
