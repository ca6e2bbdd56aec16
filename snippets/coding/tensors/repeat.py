"""a[None].repeat(d, 1) by indexing with d zeros, checked against Tensor.repeat."""

import torch


def repeat(a, d):
    """a (n,) repeated d >= 0 times as the rows of a new (d, n) tensor of a's dtype, as
    a[None].repeat(d, 1); d == 0 gives shape (0, n). Puzzle rules; no loops, no
    Tensor.repeat, expand (expand_copy too), tile, broadcast_to, broadcast_tensors,
    as_strided (as_strided_copy) or repeat_interleave."""
    # --8<-- [start:solution]
    # a[None] is (1, n); indexing its row 0 with d zeros picks it d times, a copy.
    return a[None][torch.arange(d) * 0]
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.Tensor.repeat",
    "torch.Tensor.expand",
    "torch.Tensor.expand_as",
    "torch.tile",
    "torch.Tensor.tile",
    "torch.broadcast_to",
    "torch.Tensor.broadcast_to",
    "torch.repeat_interleave",
    "torch.Tensor.repeat_interleave",
    "torch.broadcast_tensors",
    "torch.as_strided",
    "torch.expand_copy",
    "torch.as_strided_copy",
)


def check(repeat):
    torch.manual_seed(0)

    def same(got, want, case):
        torch.testing.assert_close(
            got, want, rtol=0, atol=0, equal_nan=True, msg=lambda m: f"{case}: {m}"
        )

    vectors = {
        "float32": torch.randn(5),
        "int64, negative": torch.randint(-9, 9, (4,)),
        "int32 (kept int32, not int64)": torch.randint(-9, 9, (3,), dtype=torch.int32),
        "uint8 (kept uint8, not int64)": torch.tensor([0, 255, 7], dtype=torch.uint8),
        "bool": torch.rand(6) > 0.5,
        "inf and nan": torch.tensor([float("inf"), float("nan"), -1.0]),
        "length 1": torch.tensor([2.5]),
        "empty": torch.zeros(0),
    }
    for case, a in vectors.items():
        for d in range(6):  # none, one row, several; square when d == len(a)
            same(repeat(a, d), a[None].repeat(d, 1), f"{case}, d={d}")
    for d in (1, 2):  # a new tensor: writing into it leaves a as it was
        a = torch.randn(3)
        before = a.clone()
        repeat(a, d)[0, 0] = 100.0
        same(a, before, f"d={d}, a written through the result: return a copy")
    print("repeat matches Tensor.repeat: d = 0 to 5, bool, inf and nan, empty, a copy")
    # > repeat matches Tensor.repeat: d = 0 to 5, bool, inf and nan, empty, a copy


# --8<-- [end:check]


if __name__ == "__main__":
    check(repeat)
