"""compress: pack the masked values to the front with one matmul, checked against
boolean indexing."""

import torch


def compress(mask, values, fill=0):
    """Along the last dim of values (..., n), move the values where mask (bool, same
    shape) is True to the front, in order, and fill the other slots with fill. Puzzle
    rules; no loops, no boolean-mask indexing, torch.masked_select, sort or cumsum."""
    # --8<-- [start:solution]
    n = values.shape[-1]
    i = torch.arange(n)
    kept = mask.to(torch.int64)
    # Value k goes to slot before[k]: the number of kept values before it.
    before = kept @ (i[:, None] < i[None, :]).to(torch.int64)  # (..., n)
    moves = mask[..., :, None] & (before[..., :, None] == i)  # (..., k, slot)
    # where, then a matmul with ones sums over k: values @ moves would add 0 * inf.
    taken = torch.where(moves, values[..., :, None], 0)
    packed = (i >= 0).to(taken.dtype) @ taken  # (..., n)
    count = kept @ (i >= 0).to(torch.int64)  # kept values per row
    return torch.where(i < count[..., None], packed, fill).to(values.dtype)
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.masked_select",
    "torch.Tensor.masked_select",
    "torch.sort",
    "torch.Tensor.sort",
    "torch.cumsum",
    "torch.Tensor.cumsum",
)


def check(compress):
    torch.manual_seed(0)

    def reference(mask, values, fill):  # row by row, with boolean indexing
        rows = (mask.shape[:-1].numel(), mask.shape[-1])
        flat_m, flat_v = mask.reshape(rows), values.reshape(rows)
        out = torch.full(flat_v.shape, fill).to(values.dtype)
        for row, (m, v) in enumerate(zip(flat_m, flat_v, strict=True)):
            out[row, : int(m.sum())] = v[m]
        return out.reshape(values.shape)

    def same(mask, values, fill, case):
        got, want = compress(mask, values, fill), reference(mask, values, fill)
        torch.testing.assert_close(
            got, want, rtol=0, atol=0, msg=lambda m: f"{case}: {m}"
        )

    inf = float("inf")
    cases = {
        "float32, (10,)": (torch.rand(10) > 0.5, torch.randn(10)),
        "a batch (4, 8), one mask per row": (torch.rand(4, 8) > 0.5, torch.randn(4, 8)),
        "int64, negative": (torch.rand(9) > 0.3, torch.randint(-9, 9, (9,))),
        "bool values": (torch.rand(9) > 0.5, torch.rand(9) > 0.5),
        "nothing kept": (torch.zeros(5, dtype=torch.bool), torch.randn(5)),
        "all kept": (torch.ones(5, dtype=torch.bool), torch.randn(5)),
        "inf dropped, -inf kept": (
            torch.tensor([False, True, False, True]),
            torch.tensor([inf, 1.0, 2.0, -inf]),
        ),
        "length 1": (torch.tensor([True]), torch.tensor([3.0])),
        "empty": (torch.zeros(0, dtype=torch.bool), torch.zeros(0)),
        "(3, 0)": (torch.zeros(3, 0, dtype=torch.bool), torch.zeros(3, 0)),
    }
    for case, (mask, values) in cases.items():
        fills = [False] if values.dtype == torch.bool else [0, -1]
        for fill in fills:
            same(mask, values, fill, f"{case}, fill={fill}")
    print("compress matches v[mask] then fill: order kept, batches, inf, none or all")
    # > compress matches v[mask] then fill: order kept, batches, inf, none or all


# --8<-- [end:check]


if __name__ == "__main__":
    check(compress)
