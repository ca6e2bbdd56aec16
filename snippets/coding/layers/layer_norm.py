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
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.layer_norm",
    "torch.layer_norm",
    "torch.native_layer_norm",
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
    print("layer_norm matches F.layer_norm: 1, 2 dims, weight/bias alone, eps, grads")
    # > layer_norm matches F.layer_norm: 1, 2 dims, weight/bias alone, eps, grads


# --8<-- [end:check]


if __name__ == "__main__":
    check(layer_norm)
