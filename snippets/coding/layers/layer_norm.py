"""LayerNorm from scratch, checked against F.layer_norm."""

import torch
import torch.nn.functional as F


def layer_norm(x, normalized_shape, weight=None, bias=None, eps=1e-5):
    """Normalize x over its last len(normalized_shape) dims, then scale and shift."""
    # --8<-- [start:solution]
    dims = tuple(range(-len(normalized_shape), 0))
    mean = x.mean(dim=dims, keepdim=True)
    # The biased variance (divide by N), as LayerNorm uses: not x.var()'s default.
    var = ((x - mean) ** 2).mean(dim=dims, keepdim=True)
    y = (x - mean) * torch.rsqrt(var + eps)
    if weight is not None:
        y = y * weight
    if bias is not None:
        y = y + bias
    return y
    # --8<-- [end:solution]


# --8<-- [start:check]
def check(layer_norm):
    torch.manual_seed(0)
    x = torch.randn(2, 3, 4, 5, dtype=torch.float64, requires_grad=True)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    for shape in [(5,), (4, 5)]:  # one and two normalized dims: not only dim=-1
        w = torch.randn(shape, dtype=torch.float64, requires_grad=True)
        b = torch.randn(shape, dtype=torch.float64, requires_grad=True)
        for args in [(None, None), (w, b)]:
            got = layer_norm(x, shape, *args)
            want = F.layer_norm(x, shape, *args)
            close(got, want, f"normalized_shape={shape}, affine={args[0] is not None}")
            grads = [t for t in (x, *args) if t is not None]
            g = torch.randn_like(want)
            close(
                torch.autograd.grad(got, grads, g),
                torch.autograd.grad(want, grads, g),
                f"gradients, normalized_shape={shape}",
            )
    # A constant row: the variance is 0, so only eps keeps the output finite.
    c = torch.full((2, 5), 3.0)
    torch.testing.assert_close(
        layer_norm(c, (5,)), F.layer_norm(c, (5,)), msg=lambda m: f"constant rows: {m}"
    )
    print("layer_norm matches F.layer_norm: 1 and 2 normalized dims, gradients, eps")
    # > layer_norm matches F.layer_norm: 1 and 2 normalized dims, gradients, eps


# --8<-- [end:check]


if __name__ == "__main__":
    check(layer_norm)
