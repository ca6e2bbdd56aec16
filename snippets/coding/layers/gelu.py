"""GELU from scratch, exact (erf) and tanh-approximated, checked against F.gelu."""

import math

import torch
import torch.nn.functional as F


def gelu(x, approximate="none"):
    """x * Phi(x) elementwise, or its tanh form; returns x's dtype."""
    # --8<-- [start:solution]
    dtype = x.dtype  # bfloat16 computed in float32 and rounded once, at the end
    x = x.float() if dtype in (torch.float16, torch.bfloat16) else x
    if approximate == "tanh":
        inner = math.sqrt(2 / math.pi) * (x + 0.044715 * x**3)
        y = 0.5 * x * (1 + torch.tanh(inner))  # tanh(+-inf) is +-1: no nan
    else:
        y = 0.5 * x * (1 + torch.erf(x / math.sqrt(2)))  # Phi(x) = (1 + erf(x/√2)) / 2
    return y.to(dtype)
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.gelu",
    "torch._C._nn.gelu",
    "torch._C._nn.gelu_",
    "torch.nn.GELU",
)


def check(gelu):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    def mine(x, approximate):
        return gelu(x, approximate=approximate)

    base = torch.cat([torch.linspace(-8, 8, 321), 3 * torch.randn(500)])
    forms = {
        "none": "the exact 0.5 x (1 + erf(x/√2))",
        "tanh": "0.5 x (1 + tanh(√(2/π) (x + 0.044715 x³)))",
    }
    for approximate in ["none", "tanh"]:
        for dtype in [torch.float64, torch.float32, torch.bfloat16]:
            case = f"approximate={approximate!r}, {dtype}"
            # Non-contiguous too: a transposed (41, 20) view.
            x = base[:820].to(dtype).reshape(20, 41).T.requires_grad_()
            got, want = mine(x, approximate), F.gelu(x, approximate=approximate)
            assert got.dtype == dtype, f"{case}: {got.dtype} out, want {dtype}"
            # assert_close's defaults for the dtype, torch's own tolerances: float64
            # 1e-7, float32 1.3e-6, bfloat16 1.6e-2 (rtol). bfloat16 computed in
            # bfloat16 rounds 1 + erf(x/√2) to 0 below about x = -3.1.
            why = forms[approximate]
            if approximate == "none" and dtype == torch.float64:
                why += " (test approximate == 'tanh': 'none' is a true string)"
            if dtype == torch.bfloat16:
                why += "; bfloat16 computed in float32 and rounded once, at the end"
            if got.isnan().any() and not want.isnan().any():
                why += "; nan: a tanh written with exp is inf / inf, use torch.tanh"
            close(got, want, f"{case}: {why}")
            # An input without grad: the same values, and x left as it was.
            x0 = x.detach().clone()
            close(mine(x0, approximate), want.detach(), f"{case}, x without grad")
            assert torch.equal(x0, x.detach()), f"{case}: gelu changed its input x"
            if dtype != torch.bfloat16:
                assert got.grad_fn is not None, f"{case}: no grad_fn (detached?)"
                g = torch.randn_like(want)
                close(
                    torch.autograd.grad(got, x, g),
                    torch.autograd.grad(want, x, g),
                    f"gradient, {case}",
                )
        # Large |x| in float32: x**3 overflows to inf above 7e12, tanh(inf) = 1;
        # a tanh written with exp gives inf / inf = nan.
        big = [-1e15, -1e4, -1e3, -50.0, -10.0, 10.0, 50.0, 1e3, 1e4, 1e15]
        x = torch.tensor(big).requires_grad_()
        got, want = mine(x, approximate), F.gelu(x, approximate=approximate)
        case = f"approximate={approximate!r}, |x| up to 1e15, float32"
        assert torch.isfinite(got).all(), (
            f"{case}: not finite, {got.tolist()}; likely cause: a tanh written with exp"
            " (inf / inf = nan): use torch.tanh"
        )
        close(got, want, case)
        assert got.grad_fn is not None, f"{case}: the output has no grad_fn (detached?)"
        g = torch.ones_like(want)
        close(
            torch.autograd.grad(got, x, g),
            torch.autograd.grad(want, x, g),
            f"gradient, {case}",
        )
    print("gelu matches F.gelu: erf and tanh, float64/32, bfloat16, |x| 1e15, grads")
    # > gelu matches F.gelu: erf and tanh, float64/32, bfloat16, |x| 1e15, grads


# --8<-- [end:check]


if __name__ == "__main__":
    check(gelu)
