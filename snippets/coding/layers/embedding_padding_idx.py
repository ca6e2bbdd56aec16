"""nn.Embedding with padding_idx from scratch, checked against nn.Embedding."""

import torch
import torch.nn as nn


class Embedding(nn.Module):
    """A (num_embeddings, embedding_dim) table drawn from N(0, 1) with torch's global
    RNG; forward(ids) looks up rows. Row padding_idx (negative: counted from the end)
    starts at zero and never receives a gradient. Tensor ops only."""

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None):
        # --8<-- [start:solution]
        super().__init__()
        if padding_idx is not None and padding_idx < 0:
            padding_idx += num_embeddings  # -1 is the last row, as in nn.Embedding
        self.padding_idx = padding_idx
        self.weight = nn.Parameter(torch.randn(num_embeddings, embedding_dim))
        if padding_idx is not None:
            with torch.no_grad():
                self.weight[padding_idx] = 0
        # --8<-- [end:solution]

    def forward(self, ids):
        # --8<-- [start:solution]
        out = self.weight[ids]  # (*ids.shape, embedding_dim): a row lookup
        if self.padding_idx is None:
            return out
        # The same values, but the positions that hold padding_idx pass no gradient
        # to the table; the row keeps whatever vector it holds (a loaded one too).
        pad = (ids == self.padding_idx).unsqueeze(-1)
        return torch.where(pad, out.detach(), out)
        # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.embedding",
    "torch.embedding",
)


def check(Embedding):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    # The initialization: nn.Embedding draws N(0, 1). The Kolmogorov-Smirnov distance
    # to N(0, 1)'s CDF under 2.7 / sqrt(n) (false alarm ~1e-6): zeros, N(0, 0.02) or
    # U(-1, 1) fail.
    q = Embedding(1000, 64).weight.detach().flatten().double().sort().values
    n, cdf = q.numel(), torch.special.ndtr(q)
    ks = torch.maximum(torch.arange(1, n + 1) / n - cdf, cdf - torch.arange(n) / n)
    assert ks.max() < 2.7 / n**0.5, (
        f"weight not drawn from N(0, 1) as nn.Embedding's: KS distance {ks.max():.3f}"
    )
    # From torch's global RNG: two layers differ, and torch.manual_seed repeats one.
    first, second = Embedding(10, 4).weight, Embedding(10, 4).weight
    assert not torch.equal(first, second), (
        "two layers built one after the other have the same weight: draw from the "
        "global RNG (torch.randn), not from a generator of a fixed seed"
    )
    weights = []
    for _ in range(2):
        torch.manual_seed(3)
        weights.append(Embedding(10, 4).weight)
    assert torch.equal(*weights), "torch.manual_seed(3) twice gave two weights"
    for padding_idx in [None, 0, 3, -1, -2]:  # -2: row 8 of 10
        case = f"padding_idx={padding_idx}"
        ours, ref = Embedding(10, 4, padding_idx), nn.Embedding(10, 4, padding_idx)
        assert ours.weight.shape == ref.weight.shape, f"{case}: {ours.weight.shape}"
        if ref.padding_idx is not None:
            row = ref.padding_idx  # a negative padding_idx counts from the end
            want = f"{case}: initial row {row} (num_embeddings + padding_idx if < 0)"
            close(ours.weight[row], torch.zeros(4), want)
        with torch.no_grad():  # a non-zero padding row, as from_pretrained can load
            ours.weight.copy_(ref.weight.normal_())
        ids = torch.tensor([[1, 3, 3, 0, 9], [9, 0, 2, 3, 3]])  # repeats and padding
        got, want = ours(ids), ref(ids)
        close(got, want, f"{case}: lookup returns the stored row, padding too")
        g = torch.randn_like(want)
        close(
            torch.autograd.grad(got, ours.weight, g),
            torch.autograd.grad(want, ref.weight, g),
            f"{case}: weight gradient, summed over repeats, 0 for the padding row",
        )
    print("Embedding matches nn.Embedding: lookup, summed grads, padding_idx rows")
    # > Embedding matches nn.Embedding: lookup, summed grads, padding_idx rows


# --8<-- [end:check]


if __name__ == "__main__":
    check(Embedding)
