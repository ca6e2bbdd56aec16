"""Global average pooling from scratch, checked against F.adaptive_avg_pool2d(x, 1)."""

import torch
import torch.nn.functional as F


def global_avg_pool(x):
    """x (N, C, H, W), any memory layout, float64/32/16 or bfloat16.
    Returns the mean over H and W, (N, C, 1, 1), in x's dtype, to that dtype's
    precision (float64 stays float64). No pooling function of any dimension."""
    # --8<-- [start:solution]
    # x.mean does not sum float16/bfloat16 in their own precision (the check shows
    # it, where a float16 sum overflows past 65504 and a running bfloat16 sum stalls).
    return x.mean(dim=(2, 3), keepdim=True)
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.adaptive_avg_pool2d",
    "torch.nn.functional.avg_pool2d",
    "torch._C._nn.adaptive_avg_pool2d",
    "torch._C._nn.avg_pool2d",
    "torch.nn.AdaptiveAvgPool2d",
    "torch.nn.AvgPool2d",
    "torch._adaptive_avg_pool2d",
    # Average pooling of any other dimension: adaptive_avg_pool3d on an added depth
    # dim, or avg_pool1d over the flattened map, is the same pooling under another name.
    "torch.nn.functional.adaptive_avg_pool1d",
    "torch.adaptive_avg_pool1d",
    "torch.nn.functional.avg_pool1d",
    "torch.avg_pool1d",
    "torch.nn.functional.adaptive_avg_pool3d",
    "torch._C._nn.adaptive_avg_pool3d",
    "torch._adaptive_avg_pool3d",
    "torch.nn.functional.avg_pool3d",
    "torch._C._nn.avg_pool3d",
    "torch.nn.AdaptiveAvgPool1d",
    "torch.nn.AvgPool1d",
    "torch.nn.AdaptiveAvgPool3d",
    "torch.nn.AvgPool3d",
)


def check(global_avg_pool):
    torch.manual_seed(0)

    def close(got, want, case):  # dtype and shape included
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    def nchw(n, c, h, w, dtype, layout, mean=0.0):
        x = torch.randn(n, c, h, w, dtype=torch.float64)
        if mean == "+-1e4":  # a checkerboard of +1e4 and -1e4: they cancel in the mean
            sign = (torch.arange(h)[:, None] + torch.arange(w)) % 2 * 2 - 1
            x = x + 1e4 * sign
        else:
            x = x + mean
        if layout == "channels_last":
            x = x.contiguous(memory_format=torch.channels_last)
        elif layout == "H, W transposed":  # (N, C, W, H) in memory: .view raises
            x = x.transpose(2, 3).contiguous().transpose(2, 3)
        return x.to(dtype)

    cases = [  # H != W: a mean over H twice, or H * H, shows
        (torch.float64, "contiguous", 0.0, (2, 3, 5, 7)),
        # +-1e4 cancel: float32 keeps 1e-3 of each value, float64 1e-12: the mean of
        # the rest is float64's, not float32's, to 1e-7
        (torch.float64, "contiguous", "+-1e4", (2, 3, 4, 6)),
        (torch.float32, "channels_last", 0.0, (2, 3, 5, 7)),
        (torch.float32, "H, W transposed", 0.0, (2, 3, 5, 7)),
        # mean 100 over 32 x 32: the float16 sum is about 102400 > 65504 (inf), and a
        # running bfloat16 sum stalls once its 8-bit mantissa outgrows each step
        (torch.float16, "channels_last", 100.0, (2, 3, 32, 32)),
        (torch.bfloat16, "channels_last", 100.0, (2, 3, 32, 32)),
    ]
    for dtype, layout, mean, shape in cases:
        case = f"{str(dtype)[6:]}, {layout}, mean {mean}, (N, C, H, W) = {shape}"
        x = nchw(*shape, dtype, layout, mean)
        got = global_avg_pool(x)
        want = F.adaptive_avg_pool2d(x, 1)
        assert isinstance(got, torch.Tensor), f"{case}: returns {type(got).__name__}"
        assert got.shape == want.shape, (
            f"{case}: shape {tuple(got.shape)}, want (N, C, 1, 1)"
        )
        if dtype == torch.float64:
            why = "float64 computed in float64 (not through x.float())"
        elif dtype == torch.float32:
            why = "any layout (a reshape, not .view)"
        else:
            why = "float16/bfloat16 summed in float32, cast back once"
        close(got, want, f"{case}: the mean over dims 2 and 3, sum / (H * W); {why}")
    # Gradients: each input gets 1 / (H W) of its channel's output gradient.
    x = nchw(2, 3, 5, 7, torch.float64, "channels_last").requires_grad_()
    got = global_avg_pool(x)
    assert got.grad_fn is not None, "no grad_fn (detached?)"
    g = torch.randn(2, 3, 1, 1, dtype=torch.float64)
    close(
        torch.autograd.grad(got, x, g)[0],
        torch.autograd.grad(F.adaptive_avg_pool2d(x, 1), x, g)[0],
        "gradient: g / (H W) broadcast over H and W",
    )
    print("global_avg_pool matches adaptive_avg_pool2d(x, 1): 4 dtypes, layouts, grads")
    # > global_avg_pool matches adaptive_avg_pool2d(x, 1): 4 dtypes, layouts, grads


# --8<-- [end:check]


if __name__ == "__main__":
    check(global_avg_pool)
