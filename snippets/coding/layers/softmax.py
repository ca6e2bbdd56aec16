"""A numerically stable softmax, checked against torch.softmax."""

import torch


def softmax(x, dim):
    """exp(x) / exp(x).sum(dim), without overflow, in x's dtype."""
    # --8<-- [start:solution]
    # Half inputs are computed in float32 and cast back, as torch does.
    work = x.float() if x.dtype in (torch.float16, torch.bfloat16) else x
    # Subtracting the max of each slice leaves the result unchanged and makes the
    # largest exponent exp(0) = 1: no overflow. -inf entries give exp(-inf) = 0.
    m = work.amax(dim=dim, keepdim=True)
    e = torch.exp(work - m)
    return (e / e.sum(dim=dim, keepdim=True)).to(x.dtype)
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


def check(softmax):
    torch.manual_seed(0)
    x = torch.randn(3, 4, 5, dtype=torch.float64, requires_grad=True)

    # float64 inputs to float64's precision: 1e-12, where a float32 core is 1e-7 off.
    def close(got, want, case):
        torch.testing.assert_close(
            got, want, rtol=1e-12, atol=1e-12, msg=lambda m: f"{case}: {m}"
        )

    for dim in [0, 1, 2, -1]:
        got, want = softmax(x, dim), torch.softmax(x, dim)
        close(got, want, f"dim={dim}: reduce over dim, not -1")
        g = torch.randn_like(want)
        close(
            torch.autograd.grad(got, x, g),
            torch.autograd.grad(want, x, g),
            f"gradient, dim={dim}",
        )
    # Logits of 1000: exp overflows to inf (float32 from 89, float64 from 710).
    big = torch.randn(4, 6) * 1000
    torch.testing.assert_close(
        softmax(big, -1),
        torch.softmax(big, -1),
        msg=lambda m: f"large logits: subtract the max first: {m}",
    )
    # Rows far apart: one global max underflows the low row to 0 / 0.
    rows = torch.tensor([[1000.0, 999.0, 998.0], [-1000.0, -1001.0, -1002.0]])
    for r, d in [(rows, 1), (rows.T, 0)]:
        torch.testing.assert_close(
            softmax(r, d),
            torch.softmax(r, d),
            msg=lambda m: f"slices on different scales: the max of each slice: {m}",
        )
    # Masked logits: -inf entries get probability 0; a fully masked row is nan in
    # torch too (-inf - -inf).
    masked = torch.randn(3, 5)
    masked[0, [1, 3]] = float("-inf")
    masked[2] = float("-inf")
    got, want = softmax(masked, -1), torch.softmax(masked, -1)
    torch.testing.assert_close(
        got, want, equal_nan=True, msg=lambda m: f"-inf entries: {m}"
    )
    # Half inputs: torch computes in float32 and rounds once, so the result is within
    # an ulp of torch's; exp, sum and divide each rounded to half are several off.
    for dtype in [torch.float16, torch.bfloat16]:
        half = (torch.randn(4, 64) * 3).to(dtype)
        got = softmax(half, -1)
        assert got.dtype == dtype, f"{dtype} in, {got.dtype} out: cast back"
        fi = torch.finfo(dtype)
        torch.testing.assert_close(
            got,
            torch.softmax(half, -1),
            rtol=fi.eps,
            atol=fi.tiny * fi.eps,
            msg=lambda m, dtype=dtype: f"{dtype} input: compute in float32: {m}",
        )
    print("softmax matches torch.softmax: any dim, grads, logits 1e3, -inf, fp16, bf16")
    # > softmax matches torch.softmax: any dim, grads, logits 1e3, -inf, fp16, bf16


# --8<-- [end:check]


if __name__ == "__main__":
    check(softmax)
