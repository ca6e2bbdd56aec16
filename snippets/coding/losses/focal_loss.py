"""Sigmoid focal loss (RetinaNet; torchvision.ops.sigmoid_focal_loss), checked against
the paper's formula written out element by element, and against BCE with logits."""

import torch
import torch.nn.functional as F


def sigmoid_focal_loss(logits, target, alpha=0.25, gamma=2.0):
    """Per-element focal loss -alpha_t * (1 - p_t) ** gamma * log(p_t), where
    p = sigmoid(logits), target is 0 or 1 and any alpha < 0 turns the alpha weighting
    off. Finite, with a finite gradient, for any logit.
    Not reduced (torchvision's default): the caller sums and divides, e.g. by the number
    of positive anchors as RetinaNet does."""
    # --8<-- [start:solution]
    p = torch.sigmoid(logits)
    # -log(p_t), computed from the logits: finite for any |logit|.
    ce = F.binary_cross_entropy_with_logits(logits, target, reduction="none")
    p_t = p * target + (1 - p) * (1 - target)
    loss = ce * (1 - p_t) ** gamma  # easy examples (p_t near 1) weigh almost nothing
    if alpha >= 0:
        alpha_t = alpha * target + (1 - alpha) * (1 - target)
        loss = alpha_t * loss
    return loss
    # --8<-- [end:solution]


# --8<-- [start:check]
def paper_formula(x, y, alpha, gamma):
    """FL(p_t) = -alpha_t (1 - p_t)^gamma log(p_t), one element at a time."""
    out = []
    for xi, yi in zip(x.flatten(), y.flatten(), strict=True):
        p = 1 / (1 + torch.exp(-xi))
        p_t, a_t = (p, alpha) if yi == 1 else (1 - p, 1 - alpha)
        a_t = 1.0 if alpha < 0 else a_t
        out.append(-a_t * (1 - p_t) ** gamma * torch.log(p_t))
    return torch.stack(out).reshape(x.shape)


def check(sigmoid_focal_loss):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    x = (torch.randn(4, 3, dtype=torch.float64) * 3).requires_grad_()
    y = (torch.rand(4, 3) < 0.3).double()
    # alpha=0 is a weight (0 on positives), any alpha < 0 turns the weighting off.
    for alpha, gamma in [(0.25, 2.0), (0.75, 0.5), (0.0, 2.0), (-1, 1.0), (-0.5, 2.0)]:
        case = f"alpha={alpha}, gamma={gamma}"
        got = sigmoid_focal_loss(x, y, alpha, gamma)
        want = paper_formula(x, y, alpha, gamma)
        assert got.shape == want.shape, (
            f"{case}: shape {tuple(got.shape)}, want {tuple(want.shape)}: the loss "
            "per element, not reduced"
        )
        if alpha < 0:
            close(
                got,
                paper_formula(x, y, -1, gamma),
                f"{case}: any alpha < 0 turns the alpha weighting off, not only -1",
            )
        close(
            got,
            want,
            f"{case}: the factor is (1 - p_t) ** gamma; alpha_t is alpha on "
            f"positives, 1 - alpha on negatives, for any alpha >= 0",
        )
        g = torch.randn_like(want)
        close(
            torch.autograd.grad(got, x, g),
            torch.autograd.grad(want, x, g),
            f"gradient, {case}",
        )
    # gamma = 0 and no alpha: BCE with logits, at every scale, logits of 1000 included.
    big = torch.tensor([[-1000.0, -30.0, 0.0, 30.0, 1000.0]] * 2, dtype=torch.float64)
    yb = torch.tensor([[1.0] * 5, [0.0] * 5], dtype=torch.float64)
    for xs, ys, why in [
        (x, y, ""),
        (big, yb, " at logits of +-1000: -log(p_t) from the logits, not p.log()"),
    ]:
        close(
            sigmoid_focal_loss(xs, ys, alpha=-1, gamma=0.0),
            F.binary_cross_entropy_with_logits(xs, ys, reduction="none"),
            f"gamma=0, alpha=-1 must be BCE with logits{why}",
        )
    # Confident mistakes (-1000 on a positive, +1000 on a negative): p_t is 0, the
    # factor 1, the loss alpha_t * 1000 (log(sigmoid) gives inf), the gradient BCE's,
    # p - y, times alpha_t: -0.25 and 0.75. Confident hits: 0 and 0. A sigmoid written
    # as 1 / (1 + exp(-x)) has the right value and a nan gradient (exp(1000) = inf).
    xs = torch.tensor([[-1000.0, 1000.0], [1000.0, -1000.0]], dtype=torch.float64)
    xs.requires_grad_()
    ys = torch.tensor([[1.0, 0.0], [1.0, 0.0]], dtype=torch.float64)
    got = sigmoid_focal_loss(xs, ys, alpha=0.25, gamma=2.0)
    close(
        got,
        torch.tensor([[250.0, 750.0], [0.0, 0.0]], dtype=torch.float64),
        "logits of +-1000: -log(p_t) from the logits, not from p",
    )
    (grad,) = torch.autograd.grad(got.sum(), xs)
    close(
        grad,
        torch.tensor([[-0.25, 0.75], [0.0, 0.0]], dtype=torch.float64),
        "gradient at logits of +-1000: a sigmoid written from exp overflows "
        "(exp(1000) = inf, then inf / inf = nan); use torch.sigmoid",
    )
    print(
        "focal loss matches the paper's formula, grads; gamma=0 is BCE; finite at 1000"
    )
    # > focal loss matches the paper's formula, grads; gamma=0 is BCE; finite at 1000


# --8<-- [end:check]


if __name__ == "__main__":
    check(sigmoid_focal_loss)
