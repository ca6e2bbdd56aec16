"""Max pooling from scratch, checked against F.max_pool2d."""

import torch
import torch.nn.functional as F


def max_pool2d(x, kernel_size, stride=None, padding=0):
    """F.max_pool2d for x (N, C, H, W); kernel_size, stride and padding are ints or
    (h, w) pairs, stride defaults to kernel_size (both dims). Tensor ops and F.pad
    only: no pooling function of any dimension."""
    # --8<-- [start:solution]
    if stride is None:
        stride = kernel_size
    (kh, kw), (sh, sw), (ph, pw) = (
        (v, v) if isinstance(v, int) else tuple(v)
        for v in (kernel_size, stride, padding)
    )
    # Pad with -inf, not 0: a padded position must never be the max.
    x = F.pad(x, (pw, pw, ph, ph), value=float("-inf"))
    # (N, C, h_out, w_out, kh, kw): the windows, as views of x.
    windows = x.unfold(2, kh, sh).unfold(3, kw, sw)
    # max over one dim sends the gradient to the index it returns, the first max
    # in row-major window order; amax would split it between tied maxima.
    return windows.flatten(-2).max(dim=-1).values
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
# Every max pooling of torch, of any dimension: max_pool3d on an added depth dim of
# size 1, or max_pool1d along W and then H, is max_pool2d under another name.
FORBIDDEN = (
    "torch.nn.functional.max_pool2d",
    "torch.max_pool2d",
    "torch.nn.functional.max_pool2d_with_indices",
    "torch.nn.MaxPool2d",
    "torch.nn.functional.max_pool1d",
    "torch.max_pool1d",
    "torch.nn.functional.max_pool1d_with_indices",
    "torch.max_pool1d_with_indices",
    "torch.nn.MaxPool1d",
    "torch.nn.functional.max_pool3d",
    "torch.max_pool3d",
    "torch.nn.functional.max_pool3d_with_indices",
    "torch.nn.MaxPool3d",
    "torch.nn.functional.adaptive_max_pool1d",
    "torch.adaptive_max_pool1d",
    "torch.nn.functional.adaptive_max_pool2d",
    "torch.nn.functional.adaptive_max_pool3d",
)


def check(max_pool2d):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    def same_shape(got, want, case):
        shape = tuple(getattr(got, "shape", ()))
        assert shape == tuple(want.shape), (
            f"{case}: output shape {shape}, want {tuple(want.shape)}: stride defaults"
            " to kernel_size in both dims; F.pad takes (left, right, top, bottom)"
        )

    configs = [
        dict(kernel_size=2),  # stride defaults to the kernel size
        dict(kernel_size=3, stride=1, padding=1),  # overlapping windows
        dict(kernel_size=3, stride=2, padding=1),
        dict(kernel_size=(3, 2), stride=(2, 1), padding=(1, 0)),
        dict(kernel_size=(3, 2)),  # stride defaults to (3, 2), both dims
    ]
    values = {
        "negative values": torch.randn(2, 3, 7, 8, dtype=torch.float64) - 3,
        "ties": torch.randint(0, 3, (2, 3, 7, 8)).double(),  # repeated maxima
    }
    for what, x in values.items():
        x.requires_grad_()
        for kw in configs:
            got, want = max_pool2d(x, **kw), F.max_pool2d(x, **kw)
            same_shape(got, want, f"{what}, {kw}")
            close(got, want, f"{what}, {kw}: output (pad with -inf)")
            g = torch.randn_like(want)
            close(
                torch.autograd.grad(got, x, g),
                torch.autograd.grad(want, x, g),
                f"{what}, {kw}: gradient goes to one argmax per window, the first",
            )
    # A masked map, -inf in its top rows: a window of -inf and padding is -inf. A pad of
    # a large finite number (-1e9, finfo.min) is the max there. (The output only: torch
    # sends such a window's gradient to an input element, a -inf pad to the padding.)
    masked = torch.randn(2, 3, 7, 8, dtype=torch.float64)
    masked[:, :, :3] = float("-inf")
    for kw in configs[1:4]:
        got, want = max_pool2d(masked, **kw), F.max_pool2d(masked, **kw)
        same_shape(got, want, f"-inf rows, {kw}")
        close(
            got, want, f"-inf rows, {kw}: output (pad with -inf, not a finite number)"
        )
    print("max_pool2d matches F.max_pool2d: kernel, stride, -inf padding, argmax grads")
    # > max_pool2d matches F.max_pool2d: kernel, stride, -inf padding, argmax grads


# --8<-- [end:check]


if __name__ == "__main__":
    check(max_pool2d)
