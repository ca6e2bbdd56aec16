"""LayerNorm from scratch, checked against F.layer_norm."""

import torch
import torch.nn.functional as F


def layer_norm(x, normalized_shape, weight=None, bias=None, eps=1e-5):
    """Normalize x over its last len(normalized_shape) dims, then scale and shift."""
    # --8<-- [start:solution]
    dims = tuple(range(-len(normalized_shape), 0))
    dtype = x.dtype  # half inputs computed in float32 and rounded once, as torch does
    x = x.float() if dtype in (torch.float16, torch.bfloat16) else x
    mean = x.mean(dim=dims, keepdim=True)
    # The biased variance (divide by N), as LayerNorm uses: not x.var()'s default.
    var = ((x - mean) ** 2).mean(dim=dims, keepdim=True)
    y = (x - mean) * torch.rsqrt(var + eps)
    if weight is not None:
        y = y * weight
    if bias is not None:
        y = y + bias
    return y.to(dtype)
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.layer_norm",
    "torch.layer_norm",
    "torch.native_layer_norm",
    "torch.nn.LayerNorm",
    # Another normalization doing the work on a reshaped x: group_norm with one group
    # of the normalized dims, instance_norm with one row per channel, batch_norm
    # on the transpose, in training mode.
    "torch.nn.functional.group_norm",
    "torch.group_norm",
    "torch.native_group_norm",
    "torch.nn.GroupNorm",
    "torch.nn.functional.instance_norm",
    "torch.instance_norm",
    "torch.nn.InstanceNorm1d",
    "torch.nn.InstanceNorm2d",
    "torch.nn.InstanceNorm3d",
    "torch.nn.functional.batch_norm",
    "torch.batch_norm",
    "torch.native_batch_norm",
    "torch._native_batch_norm_legit",
    "torch.nn.BatchNorm1d",
    "torch.nn.BatchNorm2d",
    "torch.nn.BatchNorm3d",
    # RMS norm of the centred x is layer norm: rms_norm(x - mean, shape, weight, eps).
    "torch.nn.functional.rms_norm",
    "torch.rms_norm",
    "torch.nn.RMSNorm",
    # So is an L2 normalize of the centred rows with one more coordinate, sqrt(n * eps).
    "torch.nn.functional.normalize",
)


def check(layer_norm):
    torch.manual_seed(0)
    x = torch.randn(2, 3, 4, 5, dtype=torch.float64, requires_grad=True)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    for shape in [(5,), (4, 5)]:  # one and two normalized dims: not only dim=-1
        w = torch.randn(shape, dtype=torch.float64, requires_grad=True)
        b = torch.randn(shape, dtype=torch.float64, requires_grad=True)
        # Each affine parameter alone too: weight without bias is legal.
        for args in [(None, None), (w, None), (None, b), (w, b)]:
            got = layer_norm(x, shape, *args)
            want = F.layer_norm(x, shape, *args)
            case = f"normalized_shape={shape}, weight={args[0] is not None}, "
            case += f"bias={args[1] is not None}"
            close(got, want, case)
            grads = [t for t in (x, *args) if t is not None]
            g = torch.randn_like(want)
            close(
                torch.autograd.grad(got, grads, g),
                torch.autograd.grad(want, grads, g),
                f"gradients, {case}",
            )
    # eps=0.1 on values of scale 0.1 (variance 0.01): the eps argument shows.
    small = (0.1 * x).detach().requires_grad_()
    got, want = layer_norm(small, (5,), eps=0.1), F.layer_norm(small, (5,), eps=0.1)
    close(got, want, "eps=0.1: use the eps argument, inside the square root")
    g = torch.randn_like(want)
    close(
        torch.autograd.grad(got, small, g),
        torch.autograd.grad(want, small, g),
        "gradient, eps=0.1",
    )
    # A constant row: the variance is 0, so only eps keeps the output finite.
    c = torch.full((2, 5), 3.0)
    torch.testing.assert_close(
        layer_norm(c, (5,)), F.layer_norm(c, (5,)), msg=lambda m: f"constant rows: {m}"
    )
    # A mean of 1e5 and a spread of 0.1: E[x^2] - E[x]^2 cancels 1e10 - 1e10, and
    # float64 keeps about 4 digits of the variance of 0.01, float32 none;
    # x - mean first keeps them all.
    shifted = 1e5 + 0.1 * x.detach()
    close(
        layer_norm(shifted, (4, 5)),
        F.layer_norm(shifted, (4, 5)),
        "mean 1e5, spread 0.1: subtract the mean before squaring (two passes)",
    )
    two_pass = shifted.var((-2, -1), correction=0)
    errors = []
    for s in [shifted, shifted.float()]:
        one_pass = (s * s).mean((-2, -1)) - s.mean((-2, -1)) ** 2
        errors.append((one_pass / two_pass - 1).abs().max().item())
    # A non-contiguous input (the normalized dims transposed): .view raises on it.
    t = x.detach().transpose(-1, -2).contiguous().transpose(-1, -2)
    assert not t.is_contiguous()
    close(layer_norm(t, (4, 5)), F.layer_norm(t, (4, 5)), "non-contiguous x: reshape")
    # Half inputs: torch computes in float32 and returns x's dtype; the same
    # arithmetic in half precision is several ulps off.
    for dtype in [torch.float32, torch.float16, torch.bfloat16]:
        h = (torch.randn(4, 3, 64) * 3 + 2).to(dtype)
        hw, hb = torch.randn(64).to(dtype), torch.randn(64).to(dtype)
        got = layer_norm(h, (64,), hw, hb)
        assert got.dtype == dtype, f"{dtype} in, {got.dtype} out: cast back"
        close(got, F.layer_norm(h, (64,), hw, hb), f"{dtype} input: float32 inside")
    print(
        "one-pass variance at mean 1e5, relative error: float64 {:.0e}, "
        "float32 {:.0e}".format(*errors)
    )
    # > one-pass variance at mean 1e5, relative error: float64 4e-04, float32 2e+05
    print("layer_norm matches F.layer_norm: dims, weight, bias, eps, grads, dtypes")
    # > layer_norm matches F.layer_norm: dims, weight, bias, eps, grads, dtypes


# --8<-- [end:check]


if __name__ == "__main__":
    check(layer_norm)
