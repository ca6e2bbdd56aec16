"""Huber loss from scratch, checked against F.huber_loss."""

import torch
import torch.nn.functional as F


def huber_loss(input, target, reduction="mean", delta=1.0):
    """0.5 r**2 where |r| < delta, else delta * (|r| - 0.5 * delta), r = input - target,
    reduced by "mean", "sum" or "none"; any other reduction raises ValueError, as in
    F.huber_loss. Returns a tensor."""
    # --8<-- [start:solution]
    if reduction not in ("mean", "sum", "none"):  # as torch: no silent fall-through
        raise ValueError(f"{reduction} is not a valid value for reduction")
    r = (input - target).abs()
    # torch.where picks a branch per element; the unpicked branch's inf (0.5 * r**2
    # at r = 1e20 in float32) is never multiplied by 0.
    loss = torch.where(r < delta, 0.5 * r**2, delta * (r - 0.5 * delta))
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    return loss
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.huber_loss",
    "torch.nn.functional.smooth_l1_loss",
    "torch._C._nn.huber_loss",
    "torch._C._nn.smooth_l1_loss",
    "torch.nn.HuberLoss",
    "torch.nn.SmoothL1Loss",
)


def check(huber_loss):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    def where_off(x, y, got, want):
        # Narrows a mismatch: the ratio of a reduced loss (a mean over the batch only is
        # off by the number of columns), the residuals where an elementwise one is off.
        got, want = got.detach(), want.detach()
        if got.numel() == 1:
            if want.item() == 0:
                return f" (yours = {got.item():.4g}, torch's = 0)"
            return f" (yours / torch's = {got.item() / want.item():.4g})"
        off = ~torch.isclose(got, want, equal_nan=False)
        r = [f"{v:.3g}" for v in (x - y).detach()[off][:5]]
        return f" (off at residuals r = {', '.join(r)})"

    def compare(x, y, reduction, delta, case):
        x, y = x.detach().requires_grad_(), y.detach().requires_grad_()
        got = huber_loss(x, y, reduction=reduction, delta=delta)
        want = F.huber_loss(x, y, reduction=reduction, delta=delta)
        case = f"{case}, reduction={reduction!r}, delta={delta}"
        assert torch.is_tensor(got), f"{case}: returns {type(got).__name__}"
        assert got.shape == want.shape, f"{case}: shape {got.shape}, want {want.shape}"
        close(got, want, f"{case}{where_off(x, y, got, want)}")
        assert got.grad_fn is not None, f"{case}: the loss has no grad_fn (detached?)"
        g = torch.randn_like(want)
        for name, a, b in zip(
            ["input", "target"],
            torch.autograd.grad(got, (x, y), g, allow_unused=True),
            torch.autograd.grad(want, (x, y), g),
            strict=True,
        ):
            assert a is not None, f"gradient of {name}, {case}: None (unused)"
            close(a, b, f"gradient of {name}, {case}")
        # Inputs without grad: the same loss, and both inputs left as they were.
        x0, y0 = x.detach().clone(), y.detach().clone()
        got = huber_loss(x0, y0, reduction=reduction, delta=delta)
        close(got, want.detach(), f"{case}, inputs without grad")
        assert torch.equal(x0, x) and torch.equal(y0, y), f"{case}: changes its inputs"

    # (4, 5): mean divides by 20 elements, not by the batch of 4. Residuals of
    # either sign on both sides of delta, for three deltas.
    x = 3 * torch.randn(4, 5, dtype=torch.float64)
    y = torch.randn(4, 5, dtype=torch.float64)
    for delta in [1.0, 0.5, 2.5]:
        for reduction in ["mean", "sum", "none"]:
            compare(x, y, reduction, delta, "randn residuals, float64")
    # Residuals exactly at +-delta, where the two pieces (and their slopes) meet,
    # and at 0, where |r| has no derivative.
    y = torch.tensor([0.25, -1.0, 3.0, 0.5, -2.0], dtype=torch.float64)
    for delta in [0.5, 2.0]:
        r = torch.tensor([delta, -delta, delta, 0.0, -delta], dtype=torch.float64)
        compare(y + r, y, "none", delta, "residuals exactly at +-delta and 0")
    # float32 residuals of 1e20: 0.5 * r**2 is inf; multiplying it by a 0/1 mask
    # gives inf * 0 = nan.
    x = torch.tensor([1e20, -1e20, 3.0, -1e19, 0.1])
    y = torch.zeros(5)
    for reduction in ["mean", "sum", "none"]:
        compare(x, y, reduction, 1.0, "residuals of 1e20, float32")
    # An unknown reduction raises (F.huber_loss: ValueError), not a silent "none".
    for reduction in ["batchmean", "Mean"]:
        try:
            got = huber_loss(x, y, reduction=reduction)
        except Exception:
            continue
        shape = tuple(got.shape) if torch.is_tensor(got) else type(got).__name__
        raise AssertionError(
            f"reduction={reduction!r}: returned {shape} where F.huber_loss raises "
            "ValueError; raise on a reduction other than 'mean', 'sum', 'none'"
        )
    print("huber_loss matches F.huber_loss: 3 deltas, 3 reductions, at delta, 1e20")
    # > huber_loss matches F.huber_loss: 3 deltas, 3 reductions, at delta, 1e20


# --8<-- [end:check]


if __name__ == "__main__":
    check(huber_loss)
