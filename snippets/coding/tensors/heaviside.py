"""torch.heaviside from two comparisons and where, checked against torch.heaviside."""

import torch


def heaviside(a, b):
    """The step function: b where a == 0, 0 where a < 0 (and where a is nan), 1 where
    a > 0, as torch.heaviside(a, b): b of a's dtype, broadcast with a; the result in
    a's dtype; a nonzero a, however tiny (1e-30, a subnormal), is not 0. Puzzle rules;
    no loops, no torch.heaviside or torch.sign."""
    # --8<-- [start:solution]
    # where picks b only at a == 0 (-0.0 too): never 0 * b, which is nan for an inf b.
    # a > 0 is False for nan, so nan gives 0, as in torch.
    return torch.where(a == 0, b, a > 0).to(a.dtype)
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.heaviside",
    "torch.Tensor.heaviside",
    "torch.sign",
    "torch.Tensor.sign",
    "torch.sgn",
    "torch.Tensor.sgn",
)


def check(heaviside):
    torch.manual_seed(0)

    def same(got, want, case):
        torch.testing.assert_close(
            got, want, rtol=0, atol=0, equal_nan=True, msg=lambda m: f"{case}: {m}"
        )

    def call(case, a, b):
        try:
            return heaviside(a, b)
        except (AssertionError, NotImplementedError):
            raise
        except Exception as e:
            raise AssertionError(f"{case}: your code raised {e!r}") from e

    x = torch.randn(20) * (torch.rand(20) > 0.3)  # about a third zeros
    inf, nan = float("inf"), float("nan")
    z = torch.tensor([0.0, 1.0, -1.0, 0.0])  # b is used at the zeros only
    cases = {
        "float32, b per element": (x, torch.randn(20)),
        "float32, b 0-dim": (x, torch.tensor(0.5)),
        "tiny nonzero a, 1e-30 and 1e-45 (a zero test by a * a or an epsilon? test"
        " a == 0)": (torch.tensor([1e-30, -1e-30, 1e-45, -1e-45]), torch.tensor(0.5)),
        "float64": (x.double(), torch.tensor([2.0], dtype=torch.float64)),
        "float64 tiny nonzero a, 1e-300 and 5e-324 (a zero test in float32 rounds them"
        " to 0? compare in a's dtype)": (
            torch.tensor([1e-300, -1e-300, 5e-324, -5e-324, 0.0], dtype=torch.float64),
            torch.tensor(0.5, dtype=torch.float64),
        ),
        "float16": (x.half(), torch.tensor(0.5).half()),
        "int64": (torch.randint(-3, 4, (20,)), torch.tensor(7)),
        "int64 b past 2**24 and 2**53 (b through float32 or float64? keep b's dtype)": (
            torch.tensor([0, 0, 0, 1, -1]),
            torch.tensor([2**25 + 1, 2**53 + 1, -(2**62) - 1, 5, 5]),
        ),
        "bool": (torch.rand(10) > 0.5, torch.rand(10) > 0.5),
        "-0.0, nan, inf": (torch.tensor([-0.0, nan, inf, -inf]), torch.tensor(3.0)),
        "inf and nan b": (z, torch.tensor([inf, inf, nan, nan])),
        "a (2, 3), b (3,)": (torch.tensor([[0.0, 1.0, -2.0]] * 2), torch.randn(3)),
        "a (1,), b (3,)": (torch.tensor([0.0]), torch.randn(3)),
        "empty": (torch.zeros(0), torch.tensor(1.0)),
    }
    for case, (a, b) in cases.items():
        want = torch.heaviside(a, b)  # before yours: the a and b as given
        same(call(case, a, b), want, case)
    print("heaviside matches torch.heaviside: b at 0 and -0.0, nan gives 0, 5 dtypes")
    # > heaviside matches torch.heaviside: b at 0 and -0.0, nan gives 0, 5 dtypes


# --8<-- [end:check]


if __name__ == "__main__":
    check(heaviside)
