"""Conv2d as unfold + matmul, checked against F.conv2d."""

import torch
import torch.nn.functional as F


def conv_output_size(size, kernel, stride=1, padding=0, dilation=1):
    """The output length of a convolution (or pooling) along one dimension, PyTorch's
    formula with its floor division: 0 for size 2, kernel 3, stride 2 (no window)."""
    # --8<-- [start:solution]
    # The dilated kernel spans dilation * (kernel - 1) + 1 inputs; the last window
    # must fit inside the padded input, hence the floor.
    return (size + 2 * padding - dilation * (kernel - 1) - 1) // stride + 1
    # --8<-- [end:solution]


def conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1):
    """F.conv2d for x (N, C, H, W), weight (O, C, kh, kw), bias (O,); stride, padding
    and dilation are ints or (h, w) pairs; groups=1. F.unfold and tensor ops only. The
    output has x's dtype and device, with or without a bias."""
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

    def close(got, want, case, **kw):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}", **kw)

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
    # No window fits: 0. The numerator is negative, and int(a / s) rounds -0.5 up to
    # 0 where the floor a // s gives -1.
    for args, want in [((2, 3, 2), 0), ((1, 3, 3), 0), ((4, 3, 3, 0, 2), 0)]:
        got = conv_output_size(*args)
        assert got == want, (
            f"conv_output_size{args}: {got}, want {want} (no window fits): floor "
            "the division with //, int() truncates toward 0"
        )
    # bfloat16: the output stays bfloat16, without a bias too (a float32 zero bias
    # would promote it); F.conv2d's is the float64 result rounded, about 1 in 256.
    x16, w16, b16 = (t.detach().bfloat16() for t in (x, w, b))
    for bias in (b16, None):
        case = f"bfloat16 input, bias={bias is not None}"
        got = conv2d(x16, w16, bias, stride=2)
        assert got.dtype == torch.bfloat16, (
            f"{case}: a {got.dtype} output: a float32 tensor of yours (a zero bias?) "
            "promotes it"
        )
        b64 = None if bias is None else bias.double()
        want = F.conv2d(x16.double(), w16.double(), b64, stride=2)
        close(got.double(), want, case, rtol=2e-2, atol=2e-2)
    # On x's device: "meta" tensors (a device without data, a stand-in for CUDA)
    # catch a tensor made on the CPU, such as a zero bias without device=.
    case = "x and weight on the 'meta' device (a stand-in for CUDA), bias=None"
    try:
        meta = [torch.randn(shape, device="meta") for shape in (x.shape, w.shape)]
        got = conv2d(*meta, None, stride=2)
    except (RuntimeError, NotImplementedError) as e:
        untestable = ("Meta kernel", "register_meta", "called on meta tensors")
        if not any(s in str(e) for s in untestable):
            raise AssertionError(
                f"{case}: your code raised {e}: a tensor made without device= (on "
                "the CPU: a zero bias?), or moved there with .cpu()?"
            ) from e
        got = torch.empty(0, device="meta")
    assert got.device.type == "meta", f"{case}: the output is on {got.device}"
    print("conv2d matches F.conv2d in 6 configs; out = (H + 2p - d(k-1) - 1) // s + 1")
    # > conv2d matches F.conv2d in 6 configs; out = (H + 2p - d(k-1) - 1) // s + 1


# --8<-- [end:check]


if __name__ == "__main__":
    check(conv2d, conv_output_size)
