"""Binary cross-entropy with logits and pos_weight, checked against
F.binary_cross_entropy_with_logits."""

import torch
import torch.nn.functional as F


def bce_with_logits(logits, target, pos_weight=None):
    """Mean of -[pos_weight * y * log sigmoid(x) + (1 - y) * log(1 - sigmoid(x))] over
    every element; pos_weight (C,) broadcasts over the last dim of (N, C)."""

    # --8<-- [start:solution]
    def softplus(z):  # log(1 + exp(z)), shifted by m = max(z, 0) so exp never overflows
        m = z.clamp(min=0)
        return m + torch.log(torch.exp(-m) + torch.exp(z - m))

    # -log sigmoid(x) = softplus(-x) and -log(1 - sigmoid(x)) = softplus(x).
    pw = 1.0 if pos_weight is None else pos_weight
    loss = pw * target * softplus(-logits) + (1 - target) * softplus(logits)
    return loss.mean()
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.binary_cross_entropy_with_logits",
    "torch.binary_cross_entropy_with_logits",
    "torch.nn.functional.binary_cross_entropy",
    "torch.nn.functional.softplus",
    "torch.nn.functional.logsigmoid",
    "torch.logaddexp",
)


def check(bce_with_logits):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    x = torch.randn(6, 4, dtype=torch.float64)
    y = torch.rand(6, 4, dtype=torch.float64)  # soft targets in [0, 1]
    y[:3] = y[:3].round()  # and hard ones
    big = torch.tensor([[-1000.0, -40.0, 40.0, 1000.0]] * 2, dtype=torch.float64)
    cases = {
        "random logits": (x, y),
        "|logits| of 40 and 1000": (big, torch.tensor([[1.0, 0, 1, 0], [0, 1, 0, 1]])),
        "a logit of exactly 0": (torch.zeros(2, 4), torch.tensor([[1.0, 0, 1, 0]] * 2)),
    }
    pos_weight = torch.tensor([0.5, 1.0, 2.0, 3.0], dtype=torch.float64)
    for name, (x, y) in cases.items():
        x, y = x.double().requires_grad_(), y.double()
        for pw in [None, pos_weight]:
            case = f"{name}, pos_weight={pw}"
            got = bce_with_logits(x, y, pw)
            want = F.binary_cross_entropy_with_logits(x, y, pos_weight=pw)
            close(
                got,
                want,
                f"{case}: log(sigmoid) overflows; pos_weight scales the positive "
                f"term only",
            )
            close(
                torch.autograd.grad(got, x),
                torch.autograd.grad(want, x),
                f"gradient, {case}: d/dx of -log sigmoid(x) at 0 is -0.5; with "
                f"relu or clamp(min=0) for max(x, 0) autograd gives 0 or -1 there",
            )
    print("bce_with_logits matches torch's: pos_weight, logits of 1000, grads at 0 too")
    # > bce_with_logits matches torch's: pos_weight, logits of 1000, grads at 0 too


# --8<-- [end:check]


if __name__ == "__main__":
    check(bce_with_logits)
