"""logsumexp without overflow, checked against torch.logsumexp."""

import torch


def logsumexp(x, dim, keepdim=False):
    """log(exp(x).sum(dim)), stable for large values; dim is an int or a tuple."""
    # --8<-- [start:solution]
    m = x.amax(dim=dim, keepdim=True)
    # A slice of only -inf (or with +inf) has an infinite max: x - m would be
    # -inf - -inf = nan. Shift by 0 there; the sum then gives log(0) = -inf.
    m = torch.where(torch.isinf(m), torch.zeros_like(m), m)
    out = torch.exp(x - m).sum(dim=dim, keepdim=True).log() + m
    return out if keepdim else out.squeeze(dim)
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.softmax",
    "torch.nn.functional.softmax",
    "torch.Tensor.softmax",
    "torch.special.softmax",
    "torch.log_softmax",
    "torch.nn.functional.log_softmax",
    "torch.Tensor.log_softmax",
    "torch.special.log_softmax",
    "torch.logsumexp",
    "torch.Tensor.logsumexp",
    "torch.special.logsumexp",
)


def check(logsumexp):
    torch.manual_seed(0)
    x = torch.randn(3, 4, 5, dtype=torch.float64, requires_grad=True)

    # float64 inputs to float64's precision: 1e-12, where a float32 core is 1e-7 off.
    def close(got, want, case):
        torch.testing.assert_close(
            got, want, rtol=1e-12, atol=1e-12, msg=lambda m: f"{case}: {m}"
        )

    for dim in [0, 2, -1, (0, 2)]:
        for keepdim in [False, True]:
            got = logsumexp(x, dim, keepdim)
            want = torch.logsumexp(x, dim, keepdim)
            close(got, want, f"dim={dim}, keepdim={keepdim}")
            g = torch.randn_like(want)
            close(
                torch.autograd.grad(got, x, g),
                torch.autograd.grad(want, x, g),
                f"gradient, dim={dim}, keepdim={keepdim}",
            )
    # Values of 1000 (and -1000): exp overflows to inf (or underflows to 0).
    big = torch.tensor([[1000.0, 999.0, 998.0], [-1000.0, -1001.0, -1002.0]])
    torch.testing.assert_close(
        logsumexp(big, 1),
        torch.logsumexp(big, 1),
        msg=lambda m: f"values of +-1000: subtract the max first: {m}",
    )
    # Slices that spread by 200: only the max is a safe shift. A min, a mean or the
    # first element leaves x - m = 200 somewhere, and exp(200) is inf in float32.
    spread = torch.tensor([[0.0, 200.0], [0.0, -200.0], [-200.0, 0.0]])
    torch.testing.assert_close(
        logsumexp(spread, 1),
        torch.logsumexp(spread, 1),
        msg=lambda m: f"slices spread by 200: shift by each slice's max (amax): {m}",
    )
    # A fully masked row is -inf, not nan; one +inf entry makes the row +inf.
    inf = float("inf")
    masked = torch.tensor([[-inf, -inf, -inf], [0.5, -inf, 1.0], [inf, 0.0, 1.0]])
    torch.testing.assert_close(
        logsumexp(masked, -1),
        torch.logsumexp(masked, -1),
        msg=lambda m: f"all -inf row is -inf, a +inf row is +inf: {m}",
    )
    # Size-1 dims that are not reduced stay: squeeze only the reduced ones.
    ones = torch.randn(1, 4, 1, dtype=torch.float64)
    for dim in [1, (0, 1)]:
        close(logsumexp(ones, dim), torch.logsumexp(ones, dim), f"(1, 4, 1), dim={dim}")
    # log_softmax is x - logsumexp(x): the stable form cross-entropy uses.
    close(
        x - logsumexp(x, -1, True),
        torch.log_softmax(x, -1),
        "x - logsumexp(x, keepdim=True) is log_softmax",
    )
    print("logsumexp matches torch.logsumexp: dims, grads, +-1000, -inf, log_softmax")
    # > logsumexp matches torch.logsumexp: dims, grads, +-1000, -inf, log_softmax


# --8<-- [end:check]


if __name__ == "__main__":
    check(logsumexp)
