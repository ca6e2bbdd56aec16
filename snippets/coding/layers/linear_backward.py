"""Linear as an autograd.Function with a hand-written backward, checked against
F.linear's gradients and gradcheck."""

import torch
import torch.nn.functional as F


class LinearFunction(torch.autograd.Function):
    """y = x @ weight.T + bias for x of shape (*, in) (any leading dims, contiguous
    or not), weight (out, in), bias (out,) or None. Call it as
    LinearFunction.apply(x, weight, bias). No autograd inside backward."""

    @staticmethod
    def forward(x, weight, bias):
        # --8<-- [start:solution]
        y = x @ weight.T
        return y if bias is None else y + bias
        # --8<-- [end:solution]

    @staticmethod
    def setup_context(ctx, inputs, output):
        # --8<-- [start:solution]
        x, weight, bias = inputs
        ctx.save_for_backward(x, weight)  # checks they are not modified in place
        ctx.has_bias = bias is not None
        # --8<-- [end:solution]

    @staticmethod
    def backward(ctx, grad_y):
        # --8<-- [start:solution]
        x, weight = ctx.saved_tensors
        grad_x = grad_w = grad_b = None
        if ctx.needs_input_grad[0]:
            grad_x = grad_y @ weight  # (*, out) @ (out, in) -> (*, in)
        # The weight is shared by every row of every leading dim: sum over all of
        # them, which flattening to 2-D does in one matmul.
        g2 = grad_y.reshape(-1, grad_y.shape[-1])
        if ctx.needs_input_grad[1]:
            grad_w = g2.T @ x.reshape(-1, x.shape[-1])  # (out, in)
        if ctx.has_bias and ctx.needs_input_grad[2]:
            grad_b = g2.sum(0)
        return grad_x, grad_w, grad_b  # one per forward input, None for no bias
        # --8<-- [end:solution]


# --8<-- [start:check]
def check(LinearFunction):
    torch.manual_seed(0)

    def close(got, want, case):
        # Loose first, for the formula; then float64's tolerance, for the precision.
        torch.testing.assert_close(
            got, want, rtol=1e-4, atol=1e-4, msg=lambda m: f"{case}: {m}"
        )
        torch.testing.assert_close(
            got,
            want,
            msg=lambda m: (
                f"{case}: right to 1e-4, not to float64's tolerance "
                f"(computed in float32? keep x's dtype): {m}"
            ),
        )

    def leaf(*shape):
        return torch.randn(*shape, dtype=torch.float64, requires_grad=True)

    def strided():
        # A 4-D x that is not contiguous (a transpose): .view(-1, in) raises on it.
        x = torch.randn(3, 2, 2, 3, dtype=torch.float64).transpose(0, 1)
        return x.requires_grad_()

    formulas = {
        "x": "dx = dy @ W",
        "weight": "dW = dy^T @ x, (out, in), summed over every leading dim",
        "bias": "db = dy summed over every leading dim",
    }
    # (in, out) = (3, 3): a transposed gradient has the right shape, not the values.
    # A 1-D x (in,) has no leading dim at all: y (out,), as F.linear gives.
    layers = [
        (leaf(5, 3), 4),
        (leaf(2, 4, 3), 4),
        (leaf(2, 4, 3), 3),
        (leaf(3), 4),
        (strided(), 4),
    ]
    for x, n_out in layers:
        x_shape = tuple(x.shape)
        w, b = leaf(n_out, x_shape[-1]), leaf(n_out)
        for bias in [b, None]:
            case = f"x {x_shape}, weight {tuple(w.shape)}, bias={bias is not None}"
            if not x.is_contiguous():
                case += ", x not contiguous"
            if x.dim() == 1:
                case += " (a 1-D x: no leading dim, y of shape (out,))"
            inputs = [t for t in (x, w, bias) if t is not None]
            want = F.linear(x, w, bias)
            g = torch.randn_like(want)
            wants = torch.autograd.grad(want, inputs, g)
            try:
                got = LinearFunction.apply(x, w, bias)
                close(got, want, f"{case}: output")
                gots = torch.autograd.grad(got, inputs, g)
            except NotImplementedError:  # the stub: not written yet
                raise
            except (RuntimeError, IndexError, ValueError, TypeError) as e:
                raise AssertionError(
                    f"{case}: your code raised {type(e).__name__}: {e}"
                ) from e
            names = ["x", "weight", "bias"][: len(inputs)]
            for name, got_g, want_g in zip(names, gots, wants, strict=True):
                close(got_g, want_g, f"{case}: gradient of {name}, {formulas[name]}")
            # Finite differences in float64 agree with the hand-written backward
            # (not run on the 4-D x: it costs more than it adds).
            args = (x, w, bias)
            if x.dim() < 4:
                assert torch.autograd.gradcheck(LinearFunction.apply, args), case

    # autograd sums a returned gradient of shape (2, out, in) down to the weight's
    # (out, in) before .grad sees it, so an unsummed dW passes everything above.
    # Call the hand-written backward itself, with the ctx of a forward: each
    # gradient in its input's shape, None where needs_input_grad says nobody asks.
    # Autograd calls it without grad mode: a graph built there (a result with a
    # grad_fn), or requires_grad_, is autograd run inside backward, which the task bans.
    class Autograd(torch.overrides.TorchFunctionMode):
        def __init__(self):
            super().__init__()
            self.used = []

        def __torch_function__(self, func, types, args=(), kwargs=None):
            out = func(*args, **(kwargs or {}))
            name = getattr(func, "__name__", str(func))
            if isinstance(out, torch.Tensor) and out.requires_grad:
                if out.grad_fn is not None or name == "requires_grad_":
                    self.used.append(name)
            return out

    x4, w, b = strided(), leaf(5, 3), leaf(5)
    x = leaf(2, 4, 3)
    for (xname, xx), frozen in zip(
        [("x (2, 4, 3)", x)] * 4 + [("x (2, 3, 2, 3), not contiguous", x4)] * 2,
        [(), ("x",), ("weight",), ("x", "bias"), (), ("x",)],
        strict=True,
    ):
        inputs = {"x": xx, "weight": w, "bias": b}
        inputs = {k: t.detach() if k in frozen else t for k, t in inputs.items()}
        y = LinearFunction.apply(*inputs.values())
        g = torch.randn_like(y)
        with torch.no_grad(), Autograd() as mode:
            raw = LinearFunction.backward(y.grad_fn, g)
        assert not mode.used, (
            f"backward called directly, {xname}: {mode.used[0]} made a tensor that"
            " requires grad: autograd inside backward; write dx, dW, db by hand"
        )
        assert len(raw) == 3, f"backward returns {len(raw)} values, one per input"
        wants = torch.autograd.grad(
            F.linear(*inputs.values()),
            [t for t in inputs.values() if t.requires_grad],
            g,
        )
        wants = iter(wants)
        for (name, t), got in zip(inputs.items(), raw, strict=True):
            if not t.requires_grad:
                assert got is None, f"frozen {name}: return None (needs_input_grad)"
                continue
            assert got is not None, f"{xname}: {name}: no gradient returned"
            assert got.shape == t.shape, (
                f"{xname}: {name}: backward returns shape {tuple(got.shape)}, want "
                f"{tuple(t.shape)}: sum over every leading dim of x"
            )
            close(
                got,
                next(wants),
                f"backward called directly, {xname}: the gradient of {name}",
            )
    # x modified in place after the forward: the gradient must be the one at the
    # forward's x, or backward must raise, as F.linear's does (save_for_backward
    # records x's version). x kept as ctx.x gives the gradient at the new x, silently.
    xin = x * 1  # not a leaf, so it may be modified in place
    at_forward = torch.autograd.grad(F.linear(xin, w, b).sum(), w)[0]
    y = LinearFunction.apply(xin, w, b)
    xin.mul_(2)
    try:
        got = torch.autograd.grad(y.sum(), w)[0]
    except RuntimeError as e:
        assert "inplace" in str(e), f"x modified after forward: {e}"
    else:
        close(
            got,
            at_forward,
            "x modified in place after the forward: backward used the new x, "
            "silently (ctx.x = x keeps the tensor; save_for_backward detects it)",
        )
    # setup_context (not forward(ctx, ...)) is what torch.func transforms need.
    x, w, b = torch.randn(2, 3, dtype=torch.float64), leaf(4, 3), leaf(4)
    close(
        torch.func.grad(lambda w: LinearFunction.apply(x, w, b).sum())(w),
        torch.func.grad(lambda w: F.linear(x, w, b).sum())(w),
        "torch.func.grad with respect to the weight: needs setup_context",
    )
    print(
        "LinearFunction matches F.linear: grads, gradcheck, backward's own shapes, func"
    )
    # > LinearFunction matches F.linear: grads, gradcheck, backward's own shapes, func


# --8<-- [end:check]


if __name__ == "__main__":
    check(LinearFunction)
