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
def check(softmax):
    torch.manual_seed(0)
    x = torch.randn(3, 4, 5, dtype=torch.float64, requires_grad=True)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

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
    torch.testing.assert_close(
        softmax(rows, 1),
        torch.softmax(rows, 1),
        msg=lambda m: f"rows on different scales: the max of each row: {m}",
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
    half = torch.randn(4, 7, dtype=torch.float16) * 10
    got = softmax(half, -1)
    assert got.dtype == torch.float16, f"float16 in, {got.dtype} out: cast back"
    torch.testing.assert_close(
        got, torch.softmax(half, -1), msg=lambda m: f"float16 input: {m}"
    )
    print("softmax matches torch.softmax: any dim, grads, logits 1000, -inf, fp16")
    # > softmax matches torch.softmax: any dim, grads, logits 1000, -inf, fp16


# --8<-- [end:check]


if __name__ == "__main__":
    check(softmax)
