"""Triplet margin loss from scratch, checked against F.triplet_margin_loss."""

import torch
import torch.nn.functional as F


def triplet_margin_loss(anchor, positive, negative, margin=1.0, eps=1e-6):
    """mean(max(d(a, p) - d(a, n) + margin, 0)) over (N, D) rows, with torch's
    Euclidean distance d(x, y) = ||x - y + eps||_2 (p=2, swap=False)."""

    # --8<-- [start:solution]
    def dist(x, y):
        # eps is added to the difference, before the norm, as torch does: the
        # distance of a point to itself is eps * sqrt(D), with a gradient.
        return torch.linalg.vector_norm(x - y + eps, dim=-1)

    loss = margin + dist(anchor, positive) - dist(anchor, negative)
    return loss.clamp_min(0).mean()
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.triplet_margin_loss",
    "torch.triplet_margin_loss",
    "torch.nn.TripletMarginLoss",
    "torch.nn.functional.triplet_margin_with_distance_loss",
    "torch.nn.TripletMarginWithDistanceLoss",
    "torch.nn.functional.pairwise_distance",
    "torch.pairwise_distance",
    "torch.nn.PairwiseDistance",
    "torch.cdist",
    "torch.functional.cdist",
    "torch.ops.aten._cdist_forward",
)


def check(triplet_margin_loss):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    def compare(a, p, n, margin, eps, case):
        a, p, n = (t.detach().requires_grad_() for t in (a, p, n))
        got = triplet_margin_loss(a, p, n, margin=margin, eps=eps)
        want = F.triplet_margin_loss(a, p, n, margin=margin, eps=eps)
        case = f"{case}, margin={margin}, eps={eps}"
        assert torch.is_tensor(got), f"{case}: returns {type(got).__name__}"
        assert got.shape == want.shape, (
            f"{case}: shape {tuple(got.shape)}, want {tuple(want.shape)}: one number, "
            "the mean over the N triplets"
        )
        ratio = got.item() / want.item() if want.item() else float("nan")
        close(
            got,
            want,
            f"{case}: the mean over N of max(d(a, p) - d(a, n) + margin, 0), "
            f"d(x, y) = ||x - y + eps|| over the last dim (yours / torch's = "
            f"{ratio:.4g})",
        )
        assert got.grad_fn is not None, f"{case}: the loss has no grad_fn (detached?)"
        for name, mine, theirs in zip(
            ["anchor", "positive", "negative"],
            torch.autograd.grad(got, (a, p, n), allow_unused=True),
            torch.autograd.grad(want, (a, p, n)),
            strict=True,
        ):
            assert mine is not None, f"gradient of {name}, {case}: None, unused"
            close(mine, theirs, f"gradient of {name}, {case}")

    # (N, D) = (16, 5): the distance is over D (the last dim), the mean over N.
    a, p, n = torch.randn(3, 16, 5, dtype=torch.float64).unbind()
    # margin 0.5: some triplets satisfied (clamped to 0), some not. eps=0.1: where
    # eps goes shows (inside the difference, not added to the norm or under sqrt).
    for margin in [1.0, 0.5]:
        for eps in [1e-6, 0.1]:
            compare(a, p, n, margin, eps, "randn (16, 5), float64")
    compare(*(t.float() for t in (a, p, n)), 1.0, 1e-6, "float32")
    # Duplicates, as mined batches have: positive == anchor (and, in row 1,
    # negative == anchor). d(x, x) = eps * sqrt(D), with a nonzero gradient; a
    # norm without eps has gradient 0 there, and sqrt(sum(d**2)) gives nan.
    # margin=10: every triplet active, none clamped to a zero gradient.
    p_dup, n_dup = a.clone(), n.clone()
    n_dup[1] = a[1]
    for eps in [1e-6, 0.1]:
        compare(a, p_dup, n_dup, 10.0, eps, "positive == anchor (a duplicate)")
    print("triplet_margin_loss matches torch: margins, eps 1e-6 and 0.1, duplicates")
    # > triplet_margin_loss matches torch: margins, eps 1e-6 and 0.1, duplicates


# --8<-- [end:check]


if __name__ == "__main__":
    check(triplet_margin_loss)
