"""sequence_mask: zero each row past its length, checked against pad_sequence."""

import torch
import torch.nn.functional as F
from torch.nn.utils.rnn import pad_sequence


def sequence_mask(values, lengths):
    """values (B, T, *): row b keeps its first lengths[b] positions and is zero after
    them; lengths (B,) int, each >= 0 (and may exceed T). Puzzle rules; no loops."""
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

    def same(values, lengths, case):
        got, want = sequence_mask(values, lengths), reference(values, lengths)
        torch.testing.assert_close(
            got, want, rtol=0, atol=0, msg=lambda m: f"{case}: {m}"
        )

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
    print("sequence_mask matches pad_sequence: feature dims, inf, lengths 0 and past T")
    # > sequence_mask matches pad_sequence: feature dims, inf, lengths 0 and past T


# --8<-- [end:check]


if __name__ == "__main__":
    check(sequence_mask)
