"""sequence_mask: zero each row past its length, checked against pad_sequence."""

import torch
import torch.nn.functional as F
from torch.nn.utils.rnn import pad_sequence


def sequence_mask(values, lengths):
    """values (B, T, *): row b keeps its first lengths[b] positions and is zero after
    them; lengths (B,) int, each >= 0 (and may exceed T). values is left unchanged and
    the result is a new tensor, never values itself, even when no row is cut or values
    is empty; lengths is left unchanged too. Puzzle rules; no loops."""
    # --8<-- [start:solution]
    T = values.shape[1]
    keep = torch.arange(T)[None, :] < lengths[:, None]  # (B, T)
    keep = keep[(...,) + (None,) * (values.dim() - 2)]  # (B, T, 1, ...) for features
    # where, not values * keep: inf * 0 is nan. where(.., 0) makes bool int64.
    return torch.where(keep, values, 0).to(values.dtype)
    # --8<-- [end:solution]


# --8<-- [start:check]
def check(sequence_mask):
    torch.manual_seed(0)

    def reference(values, lengths):  # pad_sequence of the kept prefixes, then to T
        if values.shape[0] == 0:
            return values.clone()
        rows = pad_sequence(
            [v[:n] for v, n in zip(values, lengths, strict=True)], batch_first=True
        )
        pad = (0, 0) * (values.dim() - 2) + (0, values.shape[1] - rows.shape[1])
        return F.pad(rows, pad)

    def equal(got, want, case):
        torch.testing.assert_close(
            got, want, rtol=0, atol=0, msg=lambda m: f"{case}: {m}"
        )

    def like(got, want):  # the check's own comparison: never raises
        try:
            equal(got, want, "")
        except Exception:
            return False
        return True

    def one_more():  # the check's own probe: does length 1 keep two positions?
        probe, n = torch.arange(1.0, 5.0)[None], torch.tensor([1])
        try:
            return like(sequence_mask(probe, n), reference(probe, n + 1))
        except Exception:
            return False

    def same(values, lengths, case):
        want, before = reference(values, lengths), values.clone()
        lengths_before = lengths.clone()
        got = sequence_mask(values, lengths)
        equal(values, before, f"{case}: values was modified: never write into it")
        equal(
            lengths,
            lengths_before,
            f"{case}: lengths was modified (clamped in place?): never write into it",
        )
        assert got is not values, (
            f"{case}: returned values itself: return a new tensor, even when "
            "nothing is cut or values is empty"
        )
        cause = ""
        if like(got, reference(values, lengths + 1)) and one_more():
            cause = " (one position too many kept: < lengths, not <=)"
        equal(got, want, case + cause)
        return got

    inf = float("inf")
    lengths = torch.tensor([0, 2, 5, 7])  # empty, partial, full, longer than T
    cases = {
        "(4, 5)": torch.randn(4, 5),
        "(4, 5, 3): features": torch.randn(4, 5, 3),
        "(4, 5, 2, 3)": torch.randn(4, 5, 2, 3),
        "int64, negative": torch.randint(-9, 9, (4, 5)),
        "bool": torch.rand(4, 5) > 0.5,
        "inf past the length": torch.full((4, 5), inf),
        "T = 1": torch.randn(4, 1),
        "T = 0": torch.zeros(4, 0),
    }
    for case, values in cases.items():
        same(values, lengths, case)
    same(torch.randn(5, 5), torch.tensor([5, 0, 3, 1, 4]), "B = T = 5")
    same(torch.zeros(0, 5), torch.zeros(0, dtype=torch.int64), "B = 0")
    for lengths in (torch.tensor([4, 9, 4]), torch.tensor([1, 4, 0])):  # none cut, some
        values = torch.randn(3, 4, 2)
        got = same(values, lengths, f"lengths {lengths.tolist()}")
        kept = got.clone()
        values += 100.0  # the caller writes into values after the call
        case = f"lengths {lengths.tolist()}, values written after the call"
        equal(got, kept, f"{case}: return a new tensor, not values or a view of it")
    print(
        "sequence_mask matches pad_sequence: features, inf, lengths 0 and past T,"
        " a copy"
    )
    # > sequence_mask matches pad_sequence: features, inf, lengths 0 and past T, a copy


# --8<-- [end:check]


if __name__ == "__main__":
    check(sequence_mask)
