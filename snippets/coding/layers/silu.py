"""SiLU (swish) from scratch, its sigmoid written from exp, checked against F.silu."""

import torch
import torch.nn.functional as F


def silu(x):
    """x * sigmoid(x) elementwise, for floating x of any strides; returns x's dtype."""
    # --8<-- [start:solution]
    dtype = x.dtype  # half inputs computed in float32 and rounded once, at the end
    x = x.float() if dtype in (torch.float16, torch.bfloat16) else x
    # exp(-|x|) is in (0, 1]: it cannot overflow, on either side of 0.
    e = torch.exp(-x.abs())
    # sigmoid(x) = 1 / (1 + exp(-x)) for x >= 0 and exp(x) / (1 + exp(x)) for x < 0,
    # both written with e: each branch is finite everywhere, so is its gradient.
    s = torch.where(x >= 0, 1 / (1 + e), e / (1 + e))
    return (x * s).to(dtype)
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.silu",
    "torch._C._nn.silu",
    "torch._C._nn.silu_",
    "torch.nn.SiLU",
    "torch.sigmoid",
    "torch.Tensor.sigmoid",
    "torch.special.expit",
    "torch.nn.functional.sigmoid",
    "torch.nn.Sigmoid",
    "torch.nn.functional.logsigmoid",
    "torch._C._nn.log_sigmoid",
    "torch.nn.LogSigmoid",
    "torch.ops.aten.log_sigmoid_forward",
    # The sigmoid, or its stabilising step, under other names: glu(cat(x, x)) is
    # x * sigmoid(x); exp(-softplus(-x)), exp(-logaddexp(0, -x)) and exp(-logsumexp)
    # of (0, -x) are sigmoid(x); so is the softmax of (0, x), taken at x.
    "torch.nn.functional.glu",
    "torch._C._nn.glu",
    "torch.nn.GLU",
    "torch.nn.functional.softplus",
    "torch._C._nn.softplus",
    "torch.nn.Softplus",
    "torch.logaddexp",
    "torch.logsumexp",
    "torch.special.logsumexp",
    "torch.softmax",
    "torch.nn.functional.softmax",
    "torch.special.softmax",
    "torch.nn.Softmax",
    "torch.log_softmax",
    "torch.nn.functional.log_softmax",
    "torch.special.log_softmax",
    "torch.nn.LogSoftmax",
)


def check(silu):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    def grads_match(x, got, want, case):
        assert got.grad_fn is not None, f"{case}: the output has no grad_fn (detached?)"
        g = torch.randn_like(want)
        (mine,) = torch.autograd.grad(got, x, g)
        (theirs,) = torch.autograd.grad(want, x, g)
        assert torch.isfinite(mine).all(), (
            f"gradient, {case}: not finite at x = {x[~torch.isfinite(mine)].tolist()}; "
            f"likely cause: exp(-x) overflows to inf and autograd multiplies it by 0 "
            f"(a naive sigmoid, or a torch.where whose other branch overflows)"
        )
        close(mine, theirs, f"gradient, {case}")

    base = torch.cat([torch.linspace(-20, 20, 401), 5 * torch.randn(419)])
    for dtype in [torch.float64, torch.float32, torch.float16, torch.bfloat16]:
        case = f"{dtype}, a transposed (41, 20) view"
        x = base.to(dtype).reshape(20, 41).T  # non-contiguous
        x0 = x.clone()
        want = F.silu(x)  # first: a silu that writes into x changes x
        got = silu(x)
        assert got.dtype == dtype, (
            f"{case}: {got.dtype} out; likely cause: no cast back"
        )
        assert got.shape == want.shape, f"{case}: shape {tuple(got.shape)}"
        # assert_close's defaults for the dtype, torch's own tolerances: float16's
        # rtol 1e-3 is about 1 ulp, which float16 arithmetic (exp, 1 + e, the
        # division, the product, each rounded) misses; bfloat16's 1.6e-2 is 2 ulps.
        rtol, atol = {torch.float16: (1e-3, 1e-5), torch.bfloat16: (1.6e-2, 1e-5)}.get(
            dtype, (1.3e-6, 1e-5) if dtype == torch.float32 else (1e-7, 1e-7)
        )
        off = [f"{v:.4g}" for v in x0[~torch.isclose(got, want, rtol, atol)][:6]]
        cause = (
            "computed in float32 and rounded once, at the end?"
            if dtype in (torch.float16, torch.bfloat16)
            else "x * sigmoid(x), sigmoid(x) = 1 / (1 + exp(-x)) on both sides of 0"
        )
        close(got, want, f"{case}: {cause} (off at x = {', '.join(off)})")
        assert torch.equal(x, x0), f"{case}: silu changed its input x (in place?)"
        if dtype in (torch.float64, torch.float32):
            xg = x.clone().requires_grad_()
            grads_match(xg, silu(xg), F.silu(xg), case)
    # Large |x|: exp(-x) overflows for x below -88.7 (float32) and -709.8
    # (float64); exp(x) for x above them. float16's exp overflows above 11.1.
    big = {
        torch.float32: [-3e38, -1e4, -100.0, -89.0, -20.0, 20.0, 89.0, 1e4, 3e38],
        torch.float64: [-1e300, -1e4, -750.0, -100.0, 100.0, 750.0, 1e4, 1e300],
    }
    for dtype, values in big.items():
        case = f"{dtype}, |x| up to {max(abs(v) for v in values):g}"
        x = torch.tensor(values, dtype=dtype, requires_grad=True)
        want = F.silu(x)
        got = silu(x)
        assert torch.isfinite(got).all(), (
            f"{case}: not finite, {got.tolist()}; likely cause: exp(x) / (1 + exp(x)) "
            f"is inf / inf once exp overflows"
            + (
                ", or float64 computed in float32 (inf above 3.4e38)"
                if dtype == torch.float64
                else ""
            )
        )
        close(got, want, case)
        grads_match(x, got, want, case)
    for dtype in [torch.float16, torch.bfloat16]:
        case = f"{dtype}, x = -60..60 and the largest finite values"
        top = torch.finfo(dtype).max
        x = torch.tensor([-top, -60.0, -15.0, -12.0, 12.0, 15.0, 60.0, top]).to(dtype)
        got = silu(x)
        assert torch.isfinite(got).all(), f"{case}: not finite, {got.tolist()}"
        close(got, F.silu(x), f"{case}: exp overflows float16 above 11.1")
    # An empty tensor and a 0-dim one: elementwise code handles both as they are.
    for x in [torch.empty(0, 3), torch.tensor(0.5)]:
        got = silu(x)
        assert got.shape == x.shape, (
            f"shape {tuple(x.shape)} in, {tuple(got.shape)} out"
        )
        close(got, F.silu(x), f"shape {tuple(x.shape)}")
    print("silu matches F.silu: float64/32/16, bfloat16, strides, |x| to 1e300, grads")
    # > silu matches F.silu: float64/32/16, bfloat16, strides, |x| to 1e300, grads


# --8<-- [end:check]


if __name__ == "__main__":
    check(silu)
