"""Inverted dropout, checked against F.dropout's semantics and statistics."""

import torch
import torch.nn.functional as F


def dropout(x, p=0.5, training=True, generator=None):
    """Zero each element with probability p and scale the rest by 1 / (1 - p) in
    training; the identity otherwise (p = 1 too). Draw the random mask from
    `generator`, torch's global one when None. The output has x's dtype and device."""
    # --8<-- [start:solution]
    if not training or p == 0:
        return x
    if p == 1:  # every element dropped; x * 0 / 0 would be nan
        return torch.zeros_like(x)
    keep = torch.rand(x.shape, generator=generator, dtype=x.dtype, device=x.device) >= p
    # Inverted scaling: divide by the keep probability now, so that the expected
    # value is x and eval mode needs no rescaling.
    return x * keep / (1 - p)
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.dropout",
    "torch.dropout",
)


def check(dropout):
    torch.manual_seed(0)
    x = torch.randn(200, 500, dtype=torch.float64).requires_grad_()
    n = x.numel()

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    for p in [0.2, 0.7]:  # not 0.5, where keeping with probability p looks right
        gen = torch.Generator().manual_seed(1)
        out = dropout(x, p, generator=gen)
        again = dropout(x, p, generator=torch.Generator().manual_seed(1))
        assert torch.equal(out, again), f"p={p}: the same seed must give the same mask"
        # Drawing from the generator advances it: the next call drops other elements.
        assert not torch.equal(dropout(x, p, generator=gen) != 0, out != 0), (
            f"p={p}: two calls on one generator gave the same mask: draw from it, "
            f"do not copy its state or seed a private one"
        )
        kept = out != 0
        # Each element is either 0 or x / (1 - p): the survivors are scaled.
        close(out[kept], x[kept] / (1 - p), f"p={p}: kept elements are x / (1 - p)")
        # The fraction dropped is p, within 5 standard deviations of n draws.
        dropped = 1 - kept.double().mean().item()
        tol = 5 * (p * (1 - p) / n) ** 0.5
        assert abs(dropped - p) < tol, f"p={p}: dropped a fraction {dropped:.4f}"
        # One draw per element: rows 0 and 1 (2 and 3, ...) agree where both keep or
        # both drop, with probability p^2 + (1 - p)^2, and so do columns 0 and 1;
        # a mask shared by the rows or the columns agrees everywhere.
        same = p**2 + (1 - p) ** 2
        pairs = {
            "rows": (kept[0::2], kept[1::2]),
            "cols": (kept[:, 0::2], kept[:, 1::2]),
        }
        for what, (a, b) in pairs.items():
            agree = (a == b).double().mean().item()
            tol = 5 * (same * (1 - same) / a.numel()) ** 0.5
            assert abs(agree - same) < tol, (
                f"p={p}: pairs of {what} agree on {agree:.3f} of the mask, not "
                f"{same:.3f}: draw one value per element, not one per row or column"
            )
        # The expected value is preserved: mean of dropout(ones) is 1, as for torch,
        # within 5 standard deviations (sqrt(p / ((1 - p) n))).
        ones = torch.ones(200, 500, dtype=torch.float64)
        ours = dropout(ones, p, generator=gen).mean().item()
        theirs = F.dropout(ones, p).mean().item()
        tol = 5 * (p / ((1 - p) * n)) ** 0.5
        for who, mean in [("dropout", ours), ("F.dropout", theirs)]:
            assert abs(mean - 1) < tol, f"p={p}: mean of {who}(ones) is {mean:.4f}"
        # Independent draws: the number dropped varies from call to call with variance
        # m p (1 - p); exactly round(p m) zeros (a randperm) never varies. Over 200
        # calls, sample variance / (m p (1 - p)) is chi2(199) / 199, inside
        # [0.5, 1.6] but for about 2e-7.
        small = torch.ones(10, 100, dtype=torch.float64)
        counts = [(dropout(small, p, generator=gen) == 0).sum() for _ in range(200)]
        ratio = torch.stack(counts).double().var() / (small.numel() * p * (1 - p))
        assert 0.5 < ratio < 1.6, (
            f"p={p}: the number dropped varies {ratio:.2f} times as much as for "
            f"independent draws: draw each element on its own, not a fixed count"
        )
        # The gradient is the same mask and scale: 1 / (1 - p) where kept, else 0.
        (grad,) = torch.autograd.grad(out.sum(), x)
        close(grad, kept.double() / (1 - p), f"p={p}: gradient is mask / (1 - p)")
    for p, training in [(0.3, False), (1.0, False), (0.0, True), (1.0, True)]:
        close(
            dropout(x, p, training),
            F.dropout(x, p, training),
            f"p={p}, training={training}: eval (whatever p) and p=0 are the identity, "
            "p=1 in training gives 0",
        )
    # generator=None, the default: torch's global RNG, which torch.manual_seed seeds.
    case = "generator=None (the default), p=0.5"
    try:
        masks = []
        for _ in range(2):
            torch.manual_seed(7)
            masks.append(dropout(x, 0.5) != 0)
    except (AttributeError, TypeError, RuntimeError) as e:
        raise AssertionError(
            f"{case}: your code raised {type(e).__name__}: {e}: the generator may be "
            "None (use the global RNG then)"
        ) from e
    assert torch.equal(*masks), f"{case}: torch.manual_seed(7) twice, two masks"
    dropped = 1 - masks[0].double().mean().item()
    assert abs(dropped - 0.5) < 0.02, f"{case}: dropped a fraction {dropped:.3f}"
    # Half precision stays half: a mask made float32 would promote the output.
    for dtype in (torch.bfloat16, torch.float16):
        low = torch.randn(20, 50).to(dtype)
        out = dropout(low, 0.2, generator=torch.Generator().manual_seed(2))
        assert out.dtype == dtype, (
            f"{dtype} input: a {out.dtype} output (a float32 mask? keep x's dtype)"
        )
        kept = out != 0
        close(out[kept], low[kept] / 0.8, f"{dtype} input: kept elements x / (1 - p)")
    # On x's device: a "meta" tensor (a device without data, a stand-in for CUDA)
    # catches a mask made on the CPU (torch.rand without device=).
    case = "x on the 'meta' device (a stand-in for CUDA), generator=None"
    try:
        out = dropout(torch.randn(4, 5, device="meta"), 0.5)
    except (RuntimeError, NotImplementedError) as e:
        untestable = ("Meta kernel", "register_meta", "called on meta tensors")
        if not any(s in str(e) for s in untestable):
            raise AssertionError(
                f"{case}: your code raised {e}: a mask made without device=x.device "
                "(on the CPU), or moved there with .cpu()?"
            ) from e
        out = torch.empty(0, device="meta")
    assert out.device.type == "meta", f"{case}: the output is on {out.device}"
    print("dropout acts as F.dropout: 0 or x / (1 - p), mean x, grads, eval, p=0, 1")
    # > dropout acts as F.dropout: 0 or x / (1 - p), mean x, grads, eval, p=0, 1


# --8<-- [end:check]


if __name__ == "__main__":
    check(dropout)
