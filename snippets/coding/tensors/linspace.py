"""torch.linspace from arange, filled from both ends, checked against torch.linspace."""

import torch


def linspace(i, j, n):
    """n >= 1 evenly spaced float32 values from i to j (Python numbers), both ends
    included and exact, as torch.linspace(i, j, n); n == 1 gives [i]. Puzzle rules; no
    loops, no torch.linspace or torch.logspace."""
    # --8<-- [start:solution]
    if n == 1:  # no step to divide by; torch gives the start
        return torch.where(torch.arange(1) >= 0, i, 0).to(torch.float32)
    k = torch.arange(n).to(torch.float32)
    step = (j - i) / (n - 1)
    # torch fills the first half from i and the second back from j: both ends exact.
    # i + step * k alone can miss j by an ulp: (0.1 / 3) * 3 is not 0.1 in float32.
    return torch.where(k < n // 2, i + step * k, j - step * (n - 1 - k))
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.linspace",
    "torch.logspace",
)


def check(linspace):
    torch.manual_seed(0)

    def same(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")
        ends, exact = got[[0, -1]].tolist(), want[[0, -1]].tolist()
        assert ends == exact, f"{case}: the ends are {ends}, torch's exactly {exact}"

    cases = {"0 to 0.1 in 4": (0, 0.1, 4), "ints 0 to 10 in 5": (0, 10, 5)}
    cases |= {"descending, 3 to -2 in 6": (3, -2, 6), "i == j": (2.5, 2.5, 3)}
    cases |= {"n == 1": (2.0, 5.0, 1), "n == 2": (-1.0, 1.0, 2)}
    cases |= {"1e6 to 1e6 + 1 in 11": (1e6, 1e6 + 1, 11), "n == 1000": (0, 1, 1000)}
    for t in range(50):  # seeded ends and lengths
        i, j = (torch.randn(2) * 10).tolist()
        cases[f"seeded {t}"] = (i, j, int(torch.randint(2, 50, ())))
    for case, (i, j, n) in cases.items():
        same(linspace(i, j, n), torch.linspace(i, j, n), f"{case}, linspace{i, j, n}")
    print("linspace matches torch.linspace: float32, exact ends, n == 1, descending")
    # > linspace matches torch.linspace: float32, exact ends, n == 1, descending


# --8<-- [end:check]


if __name__ == "__main__":
    check(linspace)
