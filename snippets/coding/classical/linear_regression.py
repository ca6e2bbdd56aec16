"""Linear regression by gradient descent and in closed form, checked with each other."""

import torch
import torch.nn.functional as F
from torch.overrides import TorchFunctionMode


def fit_gd(X, y, lr=0.1, steps=100):
    """X: (n, d), y: (n,). Minimize mean((X @ w + b - y) ** 2) by gradient descent from
    w = 0, b = 0, with the gradient written by hand (no autograd). Returns (w, b),
    computed in X's dtype; X and y are left unchanged."""
    # --8<-- [start:solution]
    n, d = X.shape
    w, b = X.new_zeros(d), X.new_zeros(())
    for _ in range(steps):
        err = X @ w + b - y  # (n,)
        w = w - lr * (2 / n) * (X.T @ err)  # d/dw mean(err ** 2) = 2 X^T err / n
        b = b - lr * 2 * err.mean()
    return w, b
    # --8<-- [end:solution]


def fit_closed_form(X, y):
    """The least-squares (w, b) in one solve, with torch.linalg.lstsq; X and y are left
    unchanged."""
    # --8<-- [start:solution]
    Xb = torch.cat([X, X.new_ones(len(X), 1)], dim=1)  # a column of ones: the intercept
    # lstsq solves min ||Xb @ theta - y|| without forming Xb^T Xb (its condition
    # number is the square of Xb's).
    theta = torch.linalg.lstsq(Xb, y[:, None]).solution.squeeze(1)
    return theta[:-1], theta[-1]
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.autograd.grad",  # the gradient is written by hand
    "torch.autograd.backward",
    "torch.Tensor.backward",
)


class Calls(TorchFunctionMode):  # the torch functions the code under it calls
    def __init__(self):
        super().__init__()
        self.names = []

    def __torch_function__(self, func, types, args=(), kwargs=None):
        self.names.append(getattr(func, "__name__", ""))
        return func(*args, **(kwargs or {}))


def as_tensors(w, b):  # b may be a tensor or a Python number, as the task allows
    return w, b if isinstance(b, torch.Tensor) else torch.tensor(b, dtype=w.dtype)


def check(fit_gd, fit_closed_form):
    torch.manual_seed(0)

    def unchanged(name, X, y, before):
        assert torch.equal(X, before[0]) and torch.equal(y, before[1]), (
            f"{name} changed the caller's X or y (in place?)"
        )

    def gd(X, y, lr, steps):
        before = X.clone(), y.clone()
        out = as_tensors(*fit_gd(X, y, lr=lr, steps=steps))
        unchanged("fit_gd", X, y, before)
        return out

    def closed(X, y):
        before = X.clone(), y.clone()
        out = as_tensors(*fit_closed_form(X, y))
        unchanged("fit_closed_form", X, y, before)
        return out

    n, d = 50, 3
    X = torch.randn(n, d, dtype=torch.float64) + torch.tensor([0.0, 0.5, -1.0])
    w_true, b_true = torch.tensor([1.5, -2.0, 0.5], dtype=torch.float64), 3.0
    y = X @ w_true + b_true + 0.1 * torch.randn(n, dtype=torch.float64)
    # The closed form vs the normal equations (X^T X) theta = X^T y, solved directly.
    Xb = torch.cat([X, torch.ones(n, 1, dtype=torch.float64)], dim=1)
    theta = torch.linalg.solve(Xb.T @ Xb, Xb.T @ y)
    before = X.clone(), y.clone()
    with Calls() as calls:
        w, b = as_tensors(*fit_closed_form(X, y))
    unchanged("fit_closed_form", X, y, before)
    solves = [
        n for n in calls.names if n.startswith(("linalg_", "pinverse", "inverse"))
    ]
    assert solves == ["linalg_lstsq"], f"want one torch.linalg.lstsq, got: {solves}"
    torch.testing.assert_close(
        (w, b), (theta[:-1], theta[-1]), msg=lambda m: f"closed form (w, b): {m}"
    )
    # Nearly collinear features and exact targets: lstsq of Xb recovers w, the normal
    # equations square the condition number and lose it, through solve or lstsq alike.
    t = torch.randn(n, 1, dtype=torch.float64)
    X2 = torch.cat([t, t + 1e-7 * torch.randn(n, 1, dtype=torch.float64)], dim=1)
    X2b = torch.cat([X2, torch.ones(n, 1, dtype=torch.float64)], dim=1)
    theta2 = torch.tensor([1.0, 2.0, 0.5], dtype=torch.float64)
    y2 = X2b @ theta2
    w, b = closed(X2, y2)
    torch.testing.assert_close(
        (w, b),
        (theta2[:-1], theta2[-1]),
        atol=1e-6,
        rtol=0,
        msg=lambda m: (
            "nearly collinear features (cond 2e7): lstsq of Xb itself, not "
            f"of Xb^T Xb (the normal equations square the condition number): {m}"
        ),
    )
    # One step of gradient descent vs autograd's gradient of F.mse_loss at 0.
    w0 = torch.zeros(d, dtype=torch.float64, requires_grad=True)
    b0 = torch.zeros((), dtype=torch.float64, requires_grad=True)
    gw, gb = torch.autograd.grad(F.mse_loss(X @ w0 + b0, y), (w0, b0))
    torch.testing.assert_close(
        gd(X, y, lr=0.05, steps=1),
        (-0.05 * gw, -0.05 * gb),
        msg=lambda m: f"one step from 0 vs autograd's gradient of the MSE: {m}",
    )
    # Enough steps: gradient descent reaches the least-squares solution.
    w, b = gd(X, y, lr=0.3, steps=100)
    torch.testing.assert_close(
        (w, b),
        (theta[:-1], theta[-1]),
        msg=lambda m: f"100 steps of gradient descent vs the closed form: {m}",
    )
    # Targets near 3000: the same 50 steps, in float64, to float64 precision.
    w_ref, b_ref = torch.zeros(d, dtype=torch.float64), torch.zeros((), dtype=X.dtype)
    for _ in range(50):
        err = X @ w_ref + b_ref - (y + 3000)
        w_ref, b_ref = w_ref - 0.6 * X.T @ err / n, b_ref - 0.6 * err.mean()
    w, b = gd(X, y + 3000, lr=0.3, steps=50)
    assert w.dtype == b.dtype == torch.float64, f"float64 data: w, b in {w.dtype}"
    torch.testing.assert_close(
        (w, b),
        (w_ref, b_ref),
        rtol=1e-10,
        atol=1e-10,
        msg=lambda m: (
            "float64 targets near 3000: 50 steps vs the same steps in float64 "
            f"(computed in float32? torch.zeros(d) is float32; use X's dtype): {m}"
        ),
    )
    # The step must stay below 2 / L, L the largest eigenvalue of the Hessian.
    lr_max = 2 / torch.linalg.eigvalsh(2 * Xb.T @ Xb / n).max()
    w, b = gd(X, y, lr=1.1 * lr_max.item(), steps=100)
    assert (w - theta[:-1]).norm() > 1e3, "lr above 2 / L should diverge"
    # Features far from zero: the Hessian's condition number grows, and 100 steps at
    # lr = 1 / L, which converge on X, crawl along its flat direction on X + 10.
    conds, offs = [], []
    for shift in (0.0, 10.0):
        Xs = X + shift
        Xsb = torch.cat([Xs, torch.ones(n, 1, dtype=torch.float64)], dim=1)
        ev = torch.linalg.eigvalsh(2 * Xsb.T @ Xsb / n)
        best = torch.linalg.lstsq(Xsb, y[:, None]).solution.squeeze(1)
        w, b = gd(Xs, y, lr=1 / ev.max().item(), steps=100)
        conds.append((ev.max() / ev.min()).item())
        offs.append((torch.cat([w, b[None]]) - best).abs().max().item())
    assert offs[1] > 1e3 * offs[0], f"100 steps on X, X + 10: off by {offs}"
    print(
        f"GD: lr > 2/L = {lr_max:.2f} diverges; X + 10: cond(H) {conds[0]:.0f} -> "
        f"{conds[1]:.0e}, off {offs[0]:.0e} -> {offs[1]:.0e}"
    )
    # > GD: lr > 2/L = 0.36 diverges; X + 10: cond(H) 7 -> 1e+05, off 7e-07 -> 3e+00


# --8<-- [end:check]


if __name__ == "__main__":
    check(fit_gd, fit_closed_form)
