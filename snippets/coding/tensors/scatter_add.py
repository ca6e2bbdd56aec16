"""scatter_add as a one-hot matmul, checked against torch.scatter_add."""

import torch


def scatter_add(input, index, src):
    """input (n,) plus each src[k] added at position index[k] (index and src (k,), src
    of input's dtype, numeric), as torch.scatter_add(input, 0, index, src): repeated
    indices add up, and input is left unchanged; integers stay exact (int64 past 2**53
    too). Puzzle rules; no loops, no scatter_add, index_add, index_put or bincount,
    nor them under other names (scatter_reduce, scatter with reduce, put)."""
    # --8<-- [start:solution]
    hits = index[:, None] == torch.arange(input.shape[0])  # (k, n): one True per row
    # where, then a sum over k: src @ hits would add 0 * inf to every position.
    added = torch.where(hits, src[:, None], 0)
    ones = (torch.arange(index.shape[0]) >= 0).to(added.dtype)
    return input + ones @ added  # a new tensor: input is not modified
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.scatter_add",
    "torch.Tensor.scatter_add",
    "torch.Tensor.scatter_add_",
    "torch.index_add",
    "torch.Tensor.index_add",
    "torch.Tensor.index_add_",
    "torch.Tensor.index_put",
    "torch.Tensor.index_put_",
    "torch.index_put",
    "torch.bincount",
    "torch.Tensor.bincount",
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


def check(scatter_add):
    torch.manual_seed(0)

    def same(got, want, case):
        # float64: only the order of the additions may differ from torch's (1e-12, not
        # the 1e-7 a float32 detour would pass).
        tol = {"rtol": 1e-12, "atol": 1e-12} if want.dtype == torch.float64 else {}
        torch.testing.assert_close(
            got, want, equal_nan=True, msg=lambda m: f"{case}: {m}", **tol
        )

    index = torch.randint(0, 6, (20,))  # 20 into 6 positions: repeats
    cases = {
        "index [1, 1, 1], repeated": (
            torch.zeros(3),
            torch.tensor([1, 1, 1]),
            torch.ones(3),
        ),
        "float32": (torch.randn(6), index, torch.randn(20)),
        "float64": (torch.randn(6).double(), index, torch.randn(20).double()),
        "float16": (torch.randn(6).half(), index, torch.randn(20).half()),
        "int64, negative": (
            torch.randint(-9, 9, (6,)),
            index,
            torch.randint(-9, 9, (20,)),
        ),
        "int64 past 2**53": (
            torch.tensor([2**62, 0, -(2**61)]),
            torch.tensor([0, 0, 2]),
            torch.tensor([1, 2, 3]),
        ),
        "int32": (torch.zeros(6, dtype=torch.int32), index, index.to(torch.int32)),
        "an inf in src": (
            torch.zeros(3),
            torch.tensor([0, 2]),
            torch.tensor([float("inf"), 1.0]),
        ),
        "a nan in src": (
            torch.zeros(3),
            torch.tensor([0, 1]),
            torch.tensor([float("nan"), 1.0]),
        ),
        "float64 past float32's digits": (
            torch.zeros(2, dtype=torch.float64),
            torch.tensor([0, 0, 1]),
            torch.tensor([1 + 1e-12, 2e-12, -(1 + 2**-40)], dtype=torch.float64),
        ),
        "nothing to add": (
            torch.randn(4),
            torch.zeros(0, dtype=torch.int64),
            torch.zeros(0),
        ),
        "length 1": (torch.tensor([1.0]), torch.tensor([0]), torch.tensor([2.0])),
    }
    causes = {  # the likely cause, named when the values differ
        "index [1, 1, 1], repeated": " (out[index] += src adds once: each repeat adds)",
        "int64 past 2**53": " (through float64? add integers in their own dtype)",
        "float64": " (summed in float32? add in input's dtype)",
        "float64 past float32's digits": " (summed in float32? add in input's dtype)",
        "a nan in src": " (a nan added where it is indexed stays nan: nans cleaned away"
        " after a multiply by the mask? use where)",
    }
    for case, (input, idx, src) in cases.items():
        before = input.clone()
        got = scatter_add(input, idx, src)
        same(input, before, f"{case}: input was modified")
        want = torch.scatter_add(input, 0, idx, src)
        same(got, want, case + causes.get(case, ""))
    print("scatter_add matches torch.scatter_add: repeats add up, input unchanged")
    # > scatter_add matches torch.scatter_add: repeats add up, input unchanged


# --8<-- [end:check]


if __name__ == "__main__":
    check(scatter_add)
