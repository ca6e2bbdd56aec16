"""torch.triu from an arange mask and where, checked against torch.triu."""

import torch


def triu(a, diagonal=0):
    """The upper triangle of a (..., n, m), as torch.triu(a, diagonal): keep
    a[..., i, j] where j - i >= diagonal, zero elsewhere: a new tensor, never a itself,
    even when the whole of a is kept. Puzzle rules; no loops, no torch.triu, torch.tril
    (nor triu_indices, tril_indices) or torch.ones."""
    # --8<-- [start:solution]
    n, m = a.shape[-2:]  # the last two dims: a batch of matrices too
    keep = torch.arange(m)[None, :] - torch.arange(n)[:, None] >= diagonal  # (n, m)
    # where, not a * keep: inf * 0 is nan. where(.., 0) makes bool int64: cast back.
    return torch.where(keep, a, 0).to(a.dtype)
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.triu",
    "torch.Tensor.triu",
    "torch.tril",
    "torch.Tensor.tril",
    "torch.triu_indices",
    "torch.tril_indices",
)


def check(triu):
    torch.manual_seed(0)

    def same(got, want, case, cause=lambda got: "", *args):
        torch.testing.assert_close(
            got, want, rtol=0, atol=0, msg=lambda m: f"{case}{cause(got, *args)}: {m}"
        )

    def like(got, want):  # the check's own comparison: never raises
        try:
            same(got, want, "")
        except Exception:
            return False
        return True

    def strict():  # the check's own probe: does triu(p, 1) drop the diagonal 1 too?
        probe = torch.arange(1.0, 17.0).reshape(4, 4)
        try:
            return like(triu(probe, 1), torch.triu(probe, 2))
        except Exception:
            return False

    def dropped(got, a, k):  # the likely cause, looked for once it failed
        if like(got, torch.triu(a, k + 1)) and strict():
            return " (the diagonal j - i == diagonal dropped: >=, not >)"
        return ""

    inputs = {
        "square": torch.randn(4, 4),
        "wide": torch.randn(3, 5),
        "tall": torch.randn(5, 3),
        "batch (2, 3, 4, 5)": torch.randn(2, 3, 4, 5),
        "int64, negative": torch.randint(-9, 9, (4, 4)),
        "bool": torch.rand(4, 4) > 0.5,
        "inf everywhere": torch.full((3, 3), float("inf")),
        "1 x 1": torch.tensor([[-2.0]]),
        "0 x 0": torch.zeros(0, 0),
        "batch of 2 x 0 x 3": torch.zeros(2, 0, 3),
    }
    for case, a in inputs.items():
        for k in range(-6, 7):
            same(triu(a, k), torch.triu(a, k), f"{case}, diagonal={k}", dropped, a, k)
    for k in (-5, -3, 0, 2):  # a new tensor, as torch.triu's, all of a kept or not
        a = torch.randn(2, 4, 3)
        before, kept = a.clone(), torch.triu(a, k)
        got = triu(a, k)
        same(a, before, f"diagonal={k}: a was modified: never write into it")
        a += 100.0  # the caller writes into a after the call
        same(got, kept, f"diagonal={k}, a written after the call: return a new tensor")
    print("triu matches torch.triu: every diagonal, batches, bool, inf, empty, a copy")
    # > triu matches torch.triu: every diagonal, batches, bool, inf, empty, a copy


# --8<-- [end:check]


if __name__ == "__main__":
    check(triu)
