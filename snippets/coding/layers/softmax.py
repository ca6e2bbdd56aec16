"""A numerically stable softmax, checked against torch.softmax."""

import torch


def softmax(x, dim):
    """exp(x) / exp(x).sum(dim), without overflow, in x's dtype; x left unchanged."""
    # --8<-- [start:solution]
    # Half inputs are computed in float32 and cast back, as torch does.
    work = x.float() if x.dtype in (torch.float16, torch.bfloat16) else x
    if x.shape[dim] == 0:  # an empty slice has no max: the result is empty too
        return x.clone()
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

    def close(got, want, case, tol=1e-12):
        torch.testing.assert_close(
            got, want, rtol=tol, atol=tol, msg=lambda m: f"{case}: {m}"
        )

    def run(x, dim, case):
        # torch's result first, and x compared after: a softmax that writes into x
        # would otherwise change what torch is given too.
        want, x0 = torch.softmax(x, dim), x.detach().clone()
        got = softmax(x, dim)
        assert torch.equal(x.detach(), x0), f"{case}: softmax changed its input x"
        return got, want

    for dim in [0, 1, 2, -1]:
        got, want = run(x, dim, f"dim={dim}")
        close(got, want, f"dim={dim}: reduce over dim, not -1", tol=1e-6)
        # float64 inputs to float64's precision, 1e-12: a float32 core is 1e-7 off,
        # an eps of 1e-9 added to the sum 1e-9.
        close(
            got,
            want,
            f"float64, dim={dim}, to 1e-12: computed in float32, or an eps added "
            "to the sum?",
        )
        g = torch.randn_like(want)
        close(
            torch.autograd.grad(got, x, g),
            torch.autograd.grad(want, x, g),
            f"gradient, dim={dim}",
        )
    # Logits of 1000: exp overflows to inf (float32 from 89, float64 from 710). One
    # row first, where one global max is the row's max; then several rows.
    big = torch.randn(4, 6) * 1000
    for rows, cause in [
        (big[:1].clone(), "subtract the max first"),
        (big, "subtract each row's max (amax over dim), not one global max"),
    ]:
        case = f"logits of order 1000, {len(rows)} row(s)"
        got, want = run(rows, -1, case)
        torch.testing.assert_close(
            got, want, msg=lambda m, c=f"{case}: {cause}": f"{c}: {m}"
        )
    # Rows far apart: one global max underflows the low row to 0 / 0.
    rows = torch.tensor([[1000.0, 999.0, 998.0], [-1000.0, -1001.0, -1002.0]])
    for r, d in [(rows, 1), (rows.T, 0)]:
        got, want = run(r, d, f"slices on different scales, dim={d}")
        torch.testing.assert_close(
            got,
            want,
            msg=lambda m: f"slices on different scales: the max of each slice: {m}",
        )
    # Masked logits: -inf entries get probability 0; a fully masked row is nan in
    # torch too (-inf - -inf).
    masked = torch.randn(3, 5)
    masked[0, [1, 3]] = float("-inf")
    masked[2] = float("-inf")
    got, want = run(masked, -1, "-inf entries")
    torch.testing.assert_close(
        got, want, equal_nan=True, msg=lambda m: f"-inf entries: {m}"
    )
    # A +inf logit makes its whole slice nan in torch (inf - inf): a max replaced
    # by 0 when it is not finite gives [nan, 0, 0] instead.
    pinf = torch.tensor([[float("inf"), 1.0, 2.0], [0.5, 1.0, 2.0]])
    got, want = run(pinf, -1, "+inf entry")
    torch.testing.assert_close(
        got,
        want,
        equal_nan=True,
        msg=lambda m: (
            "a +inf logit: torch.softmax gives nan for its whole row "
            f"(inf - inf); keep the row's max even when it is not finite: {m}"
        ),
    )
    # Half inputs: torch computes in float32 and rounds once, so the result is within
    # an ulp of torch's; exp, sum and divide each rounded to half are several off.
    for dtype in [torch.float16, torch.bfloat16]:
        half = (torch.randn(4, 64) * 3).to(dtype)
        got, want = run(half, -1, f"{dtype} input")
        assert got.dtype == dtype, f"{dtype} in, {got.dtype} out: cast back"
        fi = torch.finfo(dtype)
        torch.testing.assert_close(
            got,
            want,
            rtol=fi.eps,
            atol=fi.tiny * fi.eps,
            msg=lambda m, dtype=dtype: f"{dtype} input: compute in float32: {m}",
        )
    # An empty softmax dim: torch returns an empty result of x's shape.
    for shape, d in [((3, 0), -1), ((0, 4), -1), ((2, 0, 3), 1)]:
        case = f"empty input {shape}, dim={d}"
        try:
            got, want = run(torch.randn(shape), d, case)
        except NotImplementedError:  # the stub: not written yet
            raise
        except (RuntimeError, IndexError) as e:
            raise AssertionError(
                f"{case}: raised {type(e).__name__}: {e} (an empty slice has no "
                "max: return an empty result of x's shape)"
            ) from e
        assert got.shape == want.shape, f"{case}: shape {tuple(got.shape)}"
    print(
        "softmax matches torch.softmax: any dim, grads, logits 1e3, ±inf, half, empty"
    )
    # > softmax matches torch.softmax: any dim, grads, logits 1e3, ±inf, half, empty


# --8<-- [end:check]


if __name__ == "__main__":
    check(softmax)
