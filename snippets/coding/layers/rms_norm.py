"""RMSNorm from scratch, checked against F.rms_norm and nn.RMSNorm."""

import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F


def rms_norm(x, normalized_shape, weight=None, eps=None):
    """x / sqrt(mean(x**2) + eps) over the last len(normalized_shape) dims, * weight.

    eps=None means the machine epsilon of the computation dtype, as in F.rms_norm.
    float16 and bfloat16 inputs as accurate as F.rms_norm's (no overflow of x**2).
    """
    # --8<-- [start:solution]
    dims = tuple(range(-len(normalized_shape), 0))
    # fp16 and bf16 are computed in float32 (their eps too), float64 in float64.
    work = x.double() if x.dtype == torch.float64 else x.float()
    if eps is None:
        eps = torch.finfo(work.dtype).eps
    # No mean subtraction and no bias: that is what makes it RMSNorm, not LayerNorm.
    y = work * torch.rsqrt(work.pow(2).mean(dim=dims, keepdim=True) + eps)
    if weight is not None:
        y = y * weight
    return y.to(x.dtype)
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.rms_norm",
    "torch.rms_norm",
)


def check(rms_norm):
    torch.manual_seed(0)
    x = torch.randn(2, 3, 4, 5, dtype=torch.float64, requires_grad=True)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    for shape in [(5,), (4, 5)]:  # one and two normalized dims: not only dim=-1
        w = torch.randn(shape, dtype=torch.float64, requires_grad=True)
        for weight in [None, w]:
            got = rms_norm(x, shape, weight)
            want = F.rms_norm(x, shape, weight)
            close(got, want, f"normalized_shape={shape}, weight={weight is not None}")
            grads = [t for t in (x, weight) if t is not None]
            g = torch.randn_like(want)
            close(
                torch.autograd.grad(got, grads, g),
                torch.autograd.grad(want, grads, g),
                f"gradients, normalized_shape={shape}",
            )
    # The module: its weight starts at ones, its eps at None.
    module = nn.RMSNorm(5)
    small = torch.randn(3, 5) * 1e-3  # mean(x**2) ~ 1e-6: here eps matters
    close(rms_norm(small, (5,), module.weight), module(small), "nn.RMSNorm(5)")
    close(rms_norm(small, (5,)), F.rms_norm(small, (5,)), "eps=None: float32's eps")
    close(rms_norm(small, (5,), eps=1e-5), F.rms_norm(small, (5,), eps=1e-5), "eps")
    close(
        rms_norm(small, (5,), eps=0.0),
        F.rms_norm(small, (5,), eps=0.0),
        "eps=0.0: an explicit 0 is not None (`eps or finfo.eps` replaces it)",
    )
    # Half x with a float32 weight (a float32 nn.RMSNorm on half activations): the
    # result is x's dtype, as F.rms_norm's, whatever the weight's.
    w32 = torch.randn(256)
    for dtype in [torch.float16, torch.bfloat16]:
        hx = torch.randn(64, 256).to(dtype)
        # torch warns that it cannot fuse the two dtypes: the warning kept, not shown
        with warnings.catch_warnings(record=True):
            want = F.rms_norm(hx, (256,), w32)
        got = rms_norm(hx, (256,), w32)
        case = f"{dtype} x, float32 weight"
        assert got.dtype == dtype, (
            f"{case}: {got.dtype} out, want {dtype}: x's dtype, whatever the weight's "
            "(multiply by the weight before casting back, then cast once)"
        )
        close(got, want, f"{case}: normalize and scale in float32, cast back once")
    tiny = torch.randn(3, 8, dtype=torch.bfloat16) * 1e-3
    got = rms_norm(tiny, (8,))
    assert got.dtype == torch.bfloat16, f"bfloat16 in, {got.dtype} out: cast back"
    close(got, F.rms_norm(tiny, (8,)), "bfloat16, eps=None: float32's eps, not bf16's")
    # float16: x**2 overflows above 256 (300**2 = inf, so x / inf = 0) and is subnormal
    # at 1e-3 (1e-6 < 6.1e-5): only a float32 computation matches torch.
    for scale in [300.0, 1e-3]:
        half = (torch.randn(3, 16) * scale).half()
        got = rms_norm(half, (16,))
        assert got.dtype == torch.float16, f"float16 in, {got.dtype} out: cast back"
        close(
            got,
            F.rms_norm(half, (16,)),
            f"float16 input of scale {scale:g}: computed in float16 (x**2 overflows "
            "above 256, underflows at 1e-3)? compute half inputs in float32",
        )
    print("rms_norm matches F.rms_norm, nn.RMSNorm: dims, grads, eps=None, bf16, fp16")
    # > rms_norm matches F.rms_norm, nn.RMSNorm: dims, grads, eps=None, bf16, fp16


# --8<-- [end:check]


if __name__ == "__main__":
    check(rms_norm)
