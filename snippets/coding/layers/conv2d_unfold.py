"""Conv2d as unfold + matmul, checked against F.conv2d."""

import torch
import torch.nn.functional as F


def conv_output_size(size, kernel, stride=1, padding=0, dilation=1):
    """The output length of a convolution (or pooling) along one dimension."""
    # --8<-- [start:solution]
    # The dilated kernel spans dilation * (kernel - 1) + 1 inputs; the last window
    # must fit inside the padded input, hence the floor.
    return (size + 2 * padding - dilation * (kernel - 1) - 1) // stride + 1
    # --8<-- [end:solution]


def conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1):
    """F.conv2d for x (N, C, H, W), weight (O, C, kh, kw), bias (O,); stride, padding
    and dilation are ints or (h, w) pairs; groups=1. F.unfold and tensor ops only."""
    # --8<-- [start:solution]
    stride, padding, dilation = (
        (v, v) if isinstance(v, int) else tuple(v) for v in (stride, padding, dilation)
    )
    n, c, h, w = x.shape
    o, _, kh, kw = weight.shape
    h_out = conv_output_size(h, kh, stride[0], padding[0], dilation[0])
    w_out = conv_output_size(w, kw, stride[1], padding[1], dilation[1])
    # Every receptive field as a column: (N, C * kh * kw, h_out * w_out), in the
    # (c, i, j) order of weight.reshape(o, -1).
    cols = F.unfold(x, (kh, kw), dilation=dilation, padding=padding, stride=stride)
    out = weight.reshape(o, -1) @ cols  # (O, C*kh*kw) @ (N, C*kh*kw, L)
    if bias is not None:
        out = out + bias[:, None]  # one bias per output channel, not per position
    return out.reshape(n, o, h_out, w_out)
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.conv2d",
    "torch.conv2d",
    "torch.convolution",
)


def check(conv2d, conv_output_size):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    # stride, padding, dilation: ints and (h, w) pairs, sizes that do not divide.
    configs = [
        dict(),
        dict(stride=2),
        dict(padding=1),
        dict(stride=2, padding=2, dilation=2),
        dict(stride=(2, 1), padding=(0, 2), dilation=(1, 3)),
        dict(stride=3, padding=1, dilation=(2, 1)),
    ]
    x = torch.randn(2, 3, 9, 11, dtype=torch.float64, requires_grad=True)  # H != W
    w = torch.randn(4, 3, 3, 2, dtype=torch.float64, requires_grad=True)  # kh != kw
    b = torch.randn(4, dtype=torch.float64, requires_grad=True)
    for kw in configs:
        want = F.conv2d(x, w, b, **kw)
        for dim in (0, 1):  # the formula, for each spatial dim, vs conv2d's shape
            args = {k: v if isinstance(v, int) else v[dim] for k, v in kw.items()}
            size = conv_output_size(x.shape[2 + dim], w.shape[2 + dim], **args)
            assert size == want.shape[2 + dim], (
                f"{kw}, dim {2 + dim}: output size {size}, not {want.shape[2 + dim]}"
            )
        for bias in (b, None):
            case = f"{kw}, bias={bias is not None}"
            got = conv2d(x, w, bias, **kw)
            close(got, F.conv2d(x, w, bias, **kw), f"{case}: output")
            inputs = [t for t in (x, w, bias) if t is not None]
            g = torch.randn_like(got)
            close(
                torch.autograd.grad(got, inputs, g),
                torch.autograd.grad(F.conv2d(x, w, bias, **kw), inputs, g),
                f"{case}: gradients",
            )
    print("conv2d matches F.conv2d in 6 configs; out = (H + 2p - d(k-1) - 1) // s + 1")
    # > conv2d matches F.conv2d in 6 configs; out = (H + 2p - d(k-1) - 1) // s + 1


# --8<-- [end:check]


if __name__ == "__main__":
    check(conv2d, conv_output_size)
