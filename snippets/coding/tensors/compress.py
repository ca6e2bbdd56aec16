"""compress: pack the masked values to the front with one matmul, checked against
boolean indexing."""

import torch


def compress(mask, values, fill=0):
    """Along the last dim of values (..., n), move the values where mask (bool, same
    shape) is True to the front, in order, and fill the other slots with fill; any value
    (0, inf, int64 past 2**53) comes through exactly, and mask and values are left
    unchanged. Puzzle rules; no loops, no boolean-mask indexing (nor masked_select,
    nonzero, argwhere or torch.where(mask)), sort (nor argsort, msort) or cumsum."""
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
    "torch.argsort",  # sort under its other names
    "torch.Tensor.argsort",
    "torch.msort",
    "torch.Tensor.msort",
    "torch.nonzero",  # mask indexing is a[mask.nonzero(as_tuple=True)]
    "torch.Tensor.nonzero",
    "torch.argwhere",
    "torch.Tensor.argwhere",
)


def check(compress):
    from torch.overrides import TorchFunctionMode

    torch.manual_seed(0)

    class NoMaskIndexing(TorchFunctionMode):  # on while your compress runs
        def __torch_function__(self, func, types, args=(), kwargs=None):
            name = getattr(func, "__name__", "").split(".")[0]
            index = args[1] if len(args) > 1 else ()
            index = index if isinstance(index, (tuple, list)) else (index,)
            masks = [
                t
                for t in index
                if isinstance(t, torch.Tensor) and t.dtype in (torch.bool, torch.uint8)
            ]
            indexing = (
                "__getitem__",
                "__setitem__",
                "index",
                "index_put",
                "index_put_",
            )
            if (name in indexing and masks) or (name == "where" and len(args) == 1):
                raise AssertionError(
                    f"the task forbids boolean-mask indexing (called as {name} with a"
                    " mask): build the slots with comparisons, where and @"
                )
            return func(*args, **(kwargs or {}))

    def reference(mask, values, fill):  # row by row, with boolean indexing
        rows = (mask.shape[:-1].numel(), mask.shape[-1])
        flat_m, flat_v = mask.reshape(rows), values.reshape(rows)
        out = torch.full(flat_v.shape, fill).to(values.dtype)
        for row, (m, v) in enumerate(zip(flat_m, flat_v, strict=True)):
            out[row, : int(m.sum())] = v[m]
        return out.reshape(values.shape)

    def same(mask, values, fill, case):
        want, kept = reference(mask, values, fill), (mask.clone(), values.clone())
        try:
            with NoMaskIndexing():
                got = compress(mask, values, fill)
        except (AssertionError, NotImplementedError):
            raise
        except Exception as e:
            raise AssertionError(f"{case}: your code raised {e!r}") from e
        for name, x, x0 in zip(("mask", "values"), (mask, values), kept, strict=True):
            try:
                torch.testing.assert_close(x, x0, rtol=0, atol=0, equal_nan=True)
            except AssertionError:
                raise AssertionError(
                    f"{case}: compress changed its input {name} in place"
                    " (masked_fill_?): leave it as it was"
                ) from None
        torch.testing.assert_close(
            got, want, rtol=0, atol=0, msg=lambda m: f"{case}: {m}"
        )

    inf = float("inf")
    cases = {
        "float32, (10,)": (torch.rand(10) > 0.5, torch.randn(10)),
        "a batch (4, 8), one mask per row": (torch.rand(4, 8) > 0.5, torch.randn(4, 8)),
        "int64, negative": (torch.rand(9) > 0.3, torch.randint(-9, 9, (9,))),
        "int64, kept zeros (empty slots found as == 0? count the kept values)": (
            torch.tensor([True, False, True, True, False]),
            torch.tensor([0, 5, 7, 0, 0]),
        ),
        "int64 past 2**53 (through float64? pack in the values' dtype)": (
            torch.tensor([True, False, True]),
            torch.tensor([2**53 + 1, 5, -(2**62) - 3]),
        ),
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
    print("compress matches v[mask] then fill: order, batches, inf, 0, none or all")
    # > compress matches v[mask] then fill: order, batches, inf, 0, none or all


# --8<-- [end:check]


if __name__ == "__main__":
    check(compress)
