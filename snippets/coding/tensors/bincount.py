"""bincount as a one-hot matmul, checked against torch.bincount."""

import torch


def bincount(x, n_bins, weights=None):
    """How many times each of 0 .. n_bins - 1 occurs in x (1-D int, every value in that
    range), or the sum of the weights (1-D, like x) that fall in each bin, as
    torch.bincount(x, weights, minlength=n_bins): int64 counts; weighted sums in float32
    for float32 weights, float64 for every other dtype. Puzzle rules; no loops, no
    torch.bincount, scatter_add, index_add, index_put, scatter_reduce, scatter, put or
    histc."""
    # --8<-- [start:solution]
    hits = x[:, None] == torch.arange(n_bins)  # (n, n_bins): one True per row
    ones = torch.arange(x.shape[0]) >= 0
    if weights is None or x.shape[0] == 0:  # torch: int64 zeros for an empty x
        return ones.to(torch.int64) @ hits.to(torch.int64)  # counts are int64
    # torch.bincount returns float32 for float32 weights, float64 for every other dtype
    work = weights if weights.dtype == torch.float32 else weights.to(torch.float64)
    # where, then a sum over the rows: work @ hits would add 0 * inf to every bin.
    return ones.to(work.dtype) @ torch.where(hits, work[:, None], 0)
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.bincount",
    "torch.Tensor.bincount",
    "torch.scatter_add",
    "torch.Tensor.scatter_add",
    "torch.Tensor.scatter_add_",
    "torch.histc",
    # The same sum under other names: index_add, index_put(accumulate=True),
    # scatter_reduce(..., "sum"), scatter(..., reduce="add"), put(accumulate=True).
    "torch.index_add",
    "torch.Tensor.index_add",
    "torch.Tensor.index_add_",
    "torch.index_put",
    "torch.Tensor.index_put",
    "torch.Tensor.index_put_",
    "torch.scatter_reduce",
    "torch.Tensor.scatter_reduce",
    "torch.Tensor.scatter_reduce_",
    "torch.scatter",
    "torch.Tensor.scatter",
    "torch.Tensor.scatter_",
    "torch.put",
    "torch.Tensor.put",
    "torch.Tensor.put_",
)


def check(bincount):
    torch.manual_seed(0)

    def same(got, want, case):
        torch.testing.assert_close(
            got, want, equal_nan=True, msg=lambda m: f"{case}: {m}"
        )

    x = torch.randint(0, 6, (50,))
    for n_bins in [6, 9]:  # every bin hit, and empty bins at the end
        want = torch.bincount(x, minlength=n_bins)
        same(bincount(x, n_bins), want, f"counts, n_bins={n_bins}")
    weights = {
        "float32, negative": torch.randn(50),
        "float64": torch.randn(50, dtype=torch.float64),
        "float16 (torch gives float64)": torch.randn(50).half(),
        # bfloat16 keeps 8 bits: a sum kept in it rounds, besides the dtype.
        "bfloat16 (torch gives float64)": (10 * torch.randn(50)).bfloat16(),
        "int32 (torch gives float64)": torch.randint(-9, 9, (50,), dtype=torch.int32),
        "uint8 (torch gives float64)": torch.randint(0, 200, (50,), dtype=torch.uint8),
        "int64 (torch gives float64)": torch.randint(-9, 9, (50,)),
        "bool (torch gives float64)": torch.rand(50) > 0.5,
        "an inf weight": torch.where(torch.arange(50) == 3, float("inf"), 1.0),
        "a nan weight (its bin is nan)": torch.where(
            torch.arange(50) == 5, float("nan"), 1.0
        ),
    }
    for case, w in weights.items():
        want = torch.bincount(x, w, minlength=8)
        same(bincount(x, 8, w), want, f"weights {case}")
    # 2000 half weights, one in ten 3e4 and the rest below 1e-2: a float32 sum drops
    # the small ones' low bits (1e-6 off); float64, as torch sums them, keeps them.
    n = torch.arange(2000)
    x2000 = torch.randint(0, 3, (2000,))
    w2000 = torch.where(n % 10 == 0, 3e4, torch.rand(2000) * 1e-2)
    for dtype in [torch.float16, torch.bfloat16]:
        w = w2000.to(dtype)
        same(
            bincount(x2000, 3, w),
            torch.bincount(x2000, w, minlength=3),
            f"2000 {dtype} weights, 3e4 and below 1e-2: summed in float64, as "
            "torch does (not in float32, cast at the end)",
        )
    small = torch.tensor([0, 2, 2], dtype=torch.int32)
    same(bincount(small, 3), torch.bincount(small, minlength=3), "int32 x")
    same(bincount(torch.tensor([4]), 5), torch.bincount(torch.tensor([4])), "length 1")
    empty = torch.zeros(0, dtype=torch.int64)
    same(bincount(empty, 4), torch.bincount(empty, minlength=4), "empty x")
    w = torch.zeros(0)
    want = torch.bincount(empty, w, minlength=4)
    same(bincount(empty, 4, w), want, "empty x, float32 weights: int64 zeros")
    print("bincount matches torch.bincount: counts, weights' dtypes, inf, nan, empty")
    # > bincount matches torch.bincount: counts, weights' dtypes, inf, nan, empty


# --8<-- [end:check]


if __name__ == "__main__":
    check(bincount)
