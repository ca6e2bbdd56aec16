"""pad_to: cut or pad a vector to a length by indexing and where, checked against
F.pad."""

import torch
import torch.nn.functional as F


def pad_to(a, length, value=0):
    """a (n,) cut to its first length values, or padded at the end with value up to
    length, as F.pad(a, (0, length - n), value=value); inf and nan in a stay where they
    are. Puzzle rules; no loops, no F.pad (nor torch.constant_pad_nd), torch.cat (nor
    concat, concatenate, hstack) or slicing with length."""
    # --8<-- [start:solution]
    n = a.shape[0]
    i = torch.arange(length)
    inside = i < n
    if n == 0:  # nothing to gather from: every slot is padding
        return torch.where(inside, 0, value).to(a.dtype)
    # Gather from an index kept in range; where() then puts value past the end.
    # where(.., value) makes bool int64 and ints float for a float value: cast back.
    return torch.where(inside, a[torch.where(inside, i, 0)], value).to(a.dtype)
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.pad",
    "torch.cat",
    "torch.concat",
    "torch.concatenate",  # cat's third name
    "torch.hstack",  # cat, for vectors
    "torch.constant_pad_nd",  # what F.pad calls
)


def check(pad_to):
    torch.manual_seed(0)

    def same(got, want, case):
        torch.testing.assert_close(
            got, want, rtol=0, atol=0, equal_nan=True, msg=lambda m: f"{case}: {m}"
        )

    def call(case, a, length, value):
        try:
            return pad_to(a, length, value)
        except (AssertionError, NotImplementedError):
            raise
        except Exception as e:
            raise AssertionError(f"{case}: your code raised {e!r}") from e

    inf, nan = float("inf"), float("nan")
    vectors = {
        "float32": torch.randn(6),
        "int64, negative": torch.randint(-9, 9, (6,)),
        "bool": torch.rand(6) > 0.5,
        "inf, nan (padding as a product? 0 * inf is nan: pick with where)": (
            torch.tensor([inf, nan, -inf, 1.0])
        ),
        "length 1": torch.tensor([2.5]),
        "empty": torch.zeros(0),
    }
    for case, a in vectors.items():
        for length in range(10):  # cut to nothing, cut, the same length, padded
            for value in [0, -1, 1]:
                want = F.pad(a, (0, length - a.shape[0]), value=value)
                label = f"{case}, length={length}, value={value}"
                same(call(label, a, length, value), want, label)
    print("pad_to matches F.pad: cut, padded with value, bool, inf, an empty vector")
    # > pad_to matches F.pad: cut, padded with value, bool, inf, an empty vector


# --8<-- [end:check]


if __name__ == "__main__":
    check(pad_to)
