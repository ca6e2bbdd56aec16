"""Logistic regression by gradient descent, checked with autograd and Newton."""

import torch
import torch.nn.functional as F


def bce_with_logits(z, y):
    """The mean binary cross-entropy of labels y in [0, 1] under logits z, finite for
    any z, of any shape (the mean over every element). Tensor ops only, no
    F.binary_cross_entropy_with_logits, F.softplus or F.logsigmoid."""
    # --8<-- [start:solution]
    # -[y log s(z) + (1 - y) log(1 - s(z))] = log(1 + e^z) - y z, and log(1 + e^z) is
    # logaddexp(0, z): no overflow for large z, and the gradient at z = 0 is 1/2.
    return (torch.logaddexp(z.new_zeros(()), z) - y * z).mean()
    # --8<-- [end:solution]


def fit_logistic(X, y, lr=1.0, steps=100):
    """X: (n, d), y: (n,) in {0, 1}. Gradient descent on bce_with_logits(X @ w + b, y)
    from w = 0, b = 0, the gradient written by hand (no autograd). Returns (w, b), w a
    (d,) tensor and b a scalar, computed in X's dtype."""
    # --8<-- [start:solution]
    n, d = X.shape
    w, b = X.new_zeros(d), X.new_zeros(())
    for _ in range(steps):
        err = torch.sigmoid(X @ w + b) - y  # d loss / d z, per sample (times n)
        w = w - lr * X.T @ err / n
        b = b - lr * err.mean()
    return w, b
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.binary_cross_entropy_with_logits",
    "torch.nn.functional.softplus",
    "torch.nn.functional.logsigmoid",  # softplus negated: -logsigmoid(z) = softplus(-z)
    "torch.nn.LogSigmoid",
    "torch.autograd.grad",  # the gradient is written by hand
    "torch.autograd.backward",
    "torch.Tensor.backward",
)


def check(bce_with_logits, fit_logistic):
    torch.manual_seed(0)
    f64 = torch.float64

    def loss(z, y):
        return bce_with_logits(z, y)

    class Autograd(torch.overrides.TorchFunctionMode):  # sees a tensor that needs grad
        used = False

        def __torch_function__(self, func, types, args=(), kwargs=None):
            out = func(*args, **(kwargs or {}))
            outs = out if isinstance(out, (tuple, list)) else [out]
            if getattr(func, "__name__", "") == "requires_grad_" or any(
                isinstance(t, torch.Tensor) and t.requires_grad for t in outs
            ):
                Autograd.used = True
            return out

    def fit(X, y, lr, steps):  # (w, b) as tensors of X's dtype; b may be a number
        case = f"fit_logistic(X {X.dtype} {tuple(X.shape)}, lr={lr}, steps={steps})"
        with Autograd():
            out = fit_logistic(X, y, lr=lr, steps=steps)
        assert not Autograd.used, (
            f"{case}: a tensor that requires grad appeared: the gradient by autograd"
            " (backward, autograd.grad, the engine), not written by hand"
        )
        assert isinstance(out, (tuple, list)) and len(out) == 2, (
            f"{case}: returned {type(out).__name__}, want the pair (w, b)"
        )
        w, b = out
        assert isinstance(w, torch.Tensor) and w.shape == (X.shape[1],), (
            f"{case}: w is {type(w).__name__} {tuple(getattr(w, 'shape', ()))},"
            f" want a ({X.shape[1]},) tensor"
        )
        assert (
            isinstance(b, (torch.Tensor, float, int))
            and torch.as_tensor(b).numel() == 1
        ), f"{case}: b is {b!r}, want a scalar"
        assert w.dtype == X.dtype, (
            f"{case}: w is {w.dtype}: compute in X's dtype (upcast to float64, or"
            " torch.zeros(d) in the default dtype?)"
        )
        if isinstance(b, torch.Tensor):
            assert b.dtype == X.dtype, f"{case}: b is {b.dtype}: compute in X's dtype"
        return w, torch.as_tensor(b, dtype=X.dtype).reshape(())

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    z = torch.cat(
        [5 * torch.randn(20, dtype=f64), torch.tensor([0, 50, -50, 800, -800])]
    )
    hard = torch.randint(0, 2, z.shape).to(f64)
    mild, zero, big = slice(0, 20), 20, slice(21, None)  # |z| < 15; z = 0; +-50, +-800

    def value(z, y, case):  # the loss, with the likely cause when it is off
        got, want = loss(z, y), F.binary_cross_entropy_with_logits(z, y)
        assert isinstance(got, torch.Tensor), (
            f"{case}: bce_with_logits returned {type(got).__name__}, want a 0-dim"
            " tensor"
            " (the gradient flows through it)"
        )
        g = torch.as_tensor(got).detach().to(f64)
        ratio = (g.reshape(()) / want).item() if g.numel() == 1 and want != 0 else 0
        if abs(ratio - len(z)) < 1e-6 * len(z):
            case += f": {ratio:.0f} = n times the mean: summed, not averaged?"
        elif abs(ratio - round(ratio)) < 1e-6 * ratio and round(ratio) > 1:
            case += (
                f": {ratio:.0f} times the mean: the sum divided by len(z), not by"
                " z.numel()? the mean is over every element"
            )
        close(got, want, case)
        return got, want

    g2 = torch.Generator().manual_seed(1)  # any shape: the mean over every element
    z2 = 5 * torch.randn(4, 3, dtype=f64, generator=g2)
    value(z2, torch.randint(0, 2, z2.shape, generator=g2).to(f64), "z of shape (4, 3)")
    for kind, y in [("hard", hard), ("soft", torch.rand_like(z))]:
        cause = "log(1 + e^z) - y z" + (" holds for any y in [0, 1]" * (kind == "soft"))
        value(z[:21], y[:21], f"{kind} labels, |z| < 15 and z = 0: the loss ({cause})")
        z_ = z.clone().requires_grad_()
        got, want = value(z_, y, f"{kind} labels, z = +-50, +-800: an overflow?")
        grads = torch.autograd.grad(got, z_)[0], torch.autograd.grad(want, z_)[0]
        for part, case in [
            (mild, "|z| < 15 (it is (sigmoid(z) - y) / n)"),
            (zero, "z = 0 (it is (1/2 - y) / n; max(z, 0) by clamp or relu is not)"),
            (
                big,
                "z = +-50, +-800 (nan or inf? an overflow, even in a torch.where "
                "branch not taken, reaches the gradient)",
            ),
        ]:
            close(
                grads[0][part], grads[1][part], f"{kind} labels, d loss / dz at {case}"
            )
    # Overlapping blobs: not separable, so the loss has one finite minimum.
    n = 200
    y = (torch.arange(n) % 2).to(f64)
    X = torch.randn(n, 2, dtype=f64) + (2 * y[:, None] - 1) * torch.tensor([1, 0.5])
    # One step from 0 vs autograd's gradient of F.binary_cross_entropy_with_logits.
    w0 = torch.zeros(2, dtype=f64, requires_grad=True)
    b0 = torch.zeros((), dtype=f64, requires_grad=True)
    at_zero = F.binary_cross_entropy_with_logits(X @ w0 + b0, y)
    gw, gb = torch.autograd.grad(at_zero, (w0, b0))
    close(
        fit(X, y, lr=0.5, steps=1),
        (-0.5 * gw, -0.5 * gb),
        "one step from 0 vs autograd's gradient",
    )
    # 20 steps vs the same steps in float64, to float64 precision.
    w_ref, b_ref = torch.zeros(2, dtype=f64), torch.zeros((), dtype=f64)
    for _ in range(20):
        r = torch.sigmoid(X @ w_ref + b_ref) - y
        w_ref, b_ref = w_ref - 4.0 * X.T @ r / n, b_ref - 4.0 * r.mean()
    w, b = fit(X, y, lr=4.0, steps=20)
    torch.testing.assert_close(
        (w, b),
        (w_ref, b_ref),
        rtol=1e-10,
        atol=1e-12,
        msg=lambda m: (
            "float64 data: 20 steps vs the same steps in float64 (computed in "
            f"float32? torch.zeros(d) is float32; use X's dtype): {m}"
        ),
    )
    # float32 data: (w, b) in float32, near the float64 steps.
    w, b = fit(X.float(), y.float(), lr=4.0, steps=20)
    close(
        (w.double(), b.double()),
        (w_ref, b_ref),
        "float32 data: 20 steps vs the same steps in float64",
    )
    # The minimum, by Newton's method (the reference): theta -= H^-1 grad.
    Xb = torch.cat([X, torch.ones(n, 1, dtype=f64)], dim=1)
    theta = torch.zeros(3, dtype=f64)
    for _ in range(25):
        p = torch.sigmoid(Xb @ theta)
        H = Xb.T @ (Xb * (p * (1 - p))[:, None]) / n
        theta = theta - torch.linalg.solve(H, Xb.T @ (p - y) / n)
    w, b = fit(X, y, lr=4.0, steps=300)
    close((w, b), (theta[:2], theta[2]), "300 steps vs Newton's minimum")
    accuracy = ((X @ w + b > 0).to(f64) == y).to(f64).mean()
    # Separable data: no finite minimum, |w| grows for as long as you run.
    sep = X + 1.5 * (2 * y[:, None] - 1)
    fits = [fit(sep, y, lr=1.0, steps=s) for s in (100, 800)]
    w8, b8 = fits[1]
    assert ((sep @ w8 + b8 > 0).to(f64) == y).all(), "separable: 800 steps separate"
    norms = [w_.norm() for w_, _ in fits]
    assert norms[1] > norms[0] + 0.5, f"separable: |w| after 100, 800 steps: {norms}"
    print(
        f"matches autograd and Newton, accuracy {accuracy:.2f}; separable |w|: "
        f"{norms[0]:.1f} -> {norms[1]:.1f}"
    )
    # > matches autograd and Newton, accuracy 0.88; separable |w|: 2.5 -> 3.5


# --8<-- [end:check]


if __name__ == "__main__":
    check(bce_with_logits, fit_logistic)
