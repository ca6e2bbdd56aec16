"""torch.roll of a vector by indexing with a wrapped arange, checked against it."""

import torch


def roll(a, shifts):
    """a (n,) shifted right by shifts places (any int, negative too), wrapping around:
    out[i] = a[(i - shifts) mod n], as torch.roll(a, shifts): a new tensor, never a
    itself or a view of it, even when shifts is a multiple of n. Puzzle rules; no loops,
    no torch.roll."""
    # --8<-- [start:solution]
    n = a.shape[0]
    # % is Python's modulo on tensors: non-negative for a negative i - shifts, so one
    # index wraps every shift, past n and below -n too. (For n = 0 the tensor is empty.)
    return a[(torch.arange(n) - shifts) % n]
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.roll",
    "torch.Tensor.roll",
)


def check(roll):
    torch.manual_seed(0)

    def like(got, want):  # the check's own comparison: never raises
        try:
            torch.testing.assert_close(got, want, rtol=0, atol=0)
        except Exception:
            return False
        return True

    def backwards():  # the check's own probe: does roll(a, 2) roll by -2?
        probe = torch.arange(7.0)
        try:
            return like(roll(probe, 2), torch.roll(probe, -2))
        except Exception:
            return False

    def wrong_way(got, a, shifts):  # the likely cause, looked for once it failed
        if like(got, torch.roll(a, -shifts)) and backwards():
            return " (rolled the wrong way: out[i] is a[i - shifts], not a[i + shifts])"
        return ""

    def same(got, want, case, cause=lambda got: "", *args):
        torch.testing.assert_close(
            got, want, rtol=0, atol=0, msg=lambda m: f"{case}{cause(got, *args)}: {m}"
        )

    vectors = {
        "float32": torch.randn(7),
        "int64, negative": torch.randint(-9, 9, (5,)),
        "bool": torch.rand(6) > 0.5,
        "length 1": torch.tensor([3.0]),
        "empty": torch.zeros(0),
    }
    for case, a in vectors.items():
        for shifts in range(-15, 16):  # both ways, and past n
            want = torch.roll(a, shifts)
            same(
                roll(a, shifts), want, f"{case}, shifts={shifts}", wrong_way, a, shifts
            )
    for shifts in (0, 4, -8, 3):  # a new tensor, as torch.roll's, for every shift
        a = torch.randn(4)
        got = roll(a, shifts)
        kept = torch.roll(a, shifts)
        a += 100.0  # the caller writes into a after the call
        same(
            got, kept, f"shifts={shifts}, a written after the call: return a new tensor"
        )
    print("roll matches torch.roll: shifts -15..15 on lengths 0, 1, 5, 6, 7, a copy")
    # > roll matches torch.roll: shifts -15..15 on lengths 0, 1, 5, 6, 7, a copy


# --8<-- [end:check]


if __name__ == "__main__":
    check(roll)
