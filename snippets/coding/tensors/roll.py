"""torch.roll of a vector by indexing with a wrapped arange, checked against it."""

import torch


def roll(a, shifts):
    """a (n,) shifted right by shifts places (any int, negative too), wrapping around:
    out[i] = a[(i - shifts) mod n], as torch.roll(a, shifts). Puzzle rules; no loops, no
    torch.roll."""
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

    def same(got, want, case):
        torch.testing.assert_close(
            got, want, rtol=0, atol=0, msg=lambda m: f"{case}: {m}"
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
            same(roll(a, shifts), torch.roll(a, shifts), f"{case}, shifts={shifts}")
    print("roll matches torch.roll: shifts -15..15 on lengths 0, 1, 5, 6, 7")
    # > roll matches torch.roll: shifts -15..15 on lengths 0, 1, 5, 6, 7


# --8<-- [end:check]


if __name__ == "__main__":
    check(roll)
