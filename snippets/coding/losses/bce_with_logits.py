"""Binary cross-entropy with logits and pos_weight, checked against
F.binary_cross_entropy_with_logits."""

import torch
import torch.nn.functional as F


def bce_with_logits(logits, target, pos_weight=None):
    """Mean of -[pos_weight * y * log sigmoid(x) + (1 - y) * log(1 - sigmoid(x))] over
    every element; pos_weight (C,) broadcasts over the last dim of (N, C). The loss has
    the logits' dtype."""

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

    def ratio(got, want):  # a sum, or a mean over part of the dims, is off by a factor
        got = torch.as_tensor(got).detach()
        if got.numel() != 1:
            return f"shape {tuple(got.shape)}, want one number, the mean"
        if want.item() == 0:
            return f"yours = {got.item():.4g}"
        return f"yours / torch's = {got.item() / want.item():.4g}"

    # What each case tests, for the message when it fails.
    value_cause = {
        "random logits": "the mean over all N * C elements; pos_weight scales the "
        "positive term only",
        "|logits| of 40 and 1000": "log(sigmoid) is -inf there: work in log space, "
        "with a softplus that cannot overflow",
        "a logit of exactly 0": "softplus(0) is log 2",
    }
    grad_cause = {
        "random logits": "the gradient of the mean over all N * C elements",
        "|logits| of 40 and 1000": "an exp that overflows in any branch (torch.where "
        "computes both) sends inf or nan into the gradient",
        "a logit of exactly 0": "d/dx of -log sigmoid(x) at 0 is -0.5; with relu or "
        "clamp(min=0) for max(x, 0) autograd gives 0 or -1 there",
    }
    for name, (x, y) in cases.items():
        x, y = x.double().requires_grad_(), y.double()
        for pw in [None, pos_weight]:
            case = f"{name}, pos_weight={pw}"
            got = bce_with_logits(x, y, pw)
            want = F.binary_cross_entropy_with_logits(x, y, pos_weight=pw)
            close(got, want, f"{case}: {value_cause[name]} ({ratio(got, want)})")
            close(
                torch.autograd.grad(got, x),
                torch.autograd.grad(want, x),
                f"gradient, {case}: {grad_cause[name]}",
            )
    # float32 logits: a float32 loss, as torch's (computing in float64 is fine, if the
    # result is cast back).
    x, y = torch.randn(3, 4), torch.rand(3, 4)
    for pw in [None, pos_weight.float()]:
        got = bce_with_logits(x, y, pw)
        case = f"float32 logits, pos_weight={pw}"
        assert got.dtype == torch.float32, (
            f"{case}: a {got.dtype} loss, torch's is float32: computed in float64 and "
            "not cast back?"
        )
        close(got, F.binary_cross_entropy_with_logits(x, y, pos_weight=pw), case)
    print("bce_with_logits matches torch's: pos_weight, logits of 1000, grads at 0 too")
    # > bce_with_logits matches torch's: pos_weight, logits of 1000, grads at 0 too


# --8<-- [end:check]


if __name__ == "__main__":
    check(bce_with_logits)
