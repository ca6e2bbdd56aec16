"""PPO's clipped surrogate (Schulman et al. 2017, eq. 7), checked token by token."""

import math

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, mask, eps=0.2):
    """logp_new, logp_old, advantages: (B, T) per-token log-probs of the sampled tokens
    under the policy being trained and the one that sampled them, and their advantages;
    mask: (B, T) bool, True at valid tokens (the other positions may hold any value).
    Returns the loss: minus the mean over the batch's valid tokens of
    min(r * A, clip(r, 1 - eps, 1 + eps) * A), r = exp(logp_new - logp_old); 0 when
    there is no valid token. The gradient flows into logp_new only."""
    # --8<-- [start:solution]
    advantages = advantages.detach()  # data, like logp_old: no gradient to a critic
    # Mask the log-ratio before exp: padding may hold -1e4 and exp(1e4) is inf.
    log_ratio = (logp_new - logp_old.detach()).masked_fill(~mask, 0.0)
    ratio = log_ratio.exp()
    unclipped = ratio * advantages
    clipped = ratio.clamp(1 - eps, 1 + eps) * advantages
    per_token = -torch.minimum(unclipped, clipped)  # a loss: minimize -objective
    per_token = per_token.masked_fill(~mask, 0.0)
    return per_token.sum() / mask.sum().clamp(min=1)  # 0, not nan, with no token
    # --8<-- [end:solution]


# --8<-- [start:check]
def check(ppo_clip_loss):
    torch.manual_seed(0)

    def close(got, want, case, **kw):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}", **kw)

    def reference(new, old, adv, mask, eps):  # token by token, the cases of eq. 7
        n = max(int(mask.sum()), 1)
        new, old, adv = new.tolist(), old.tolist(), adv.tolist()
        loss, grad = 0.0, torch.zeros(mask.shape, dtype=torch.float64)
        for b, t in mask.nonzero().tolist():
            r, a = math.exp(new[b][t] - old[b][t]), adv[b][t]
            # min(r A, clip(r) A) is r A unless r has passed 1 + eps (A > 0) or
            # 1 - eps (A < 0): there it is the constant (1 +- eps) A, gradient 0.
            active = r <= 1 + eps if a >= 0 else r >= 1 - eps
            loss -= (r * a if active else min(max(r, 1 - eps), 1 + eps) * a) / n
            grad[b, t] = -r * a / n if active else 0.0  # d(r A)/d logp_new = r A
        return loss, grad

    def run(case, new, old, adv, mask, eps=0.2, dtype=torch.float64, clean=None):
        new, old, adv = (t.to(dtype) for t in (new, old, adv))
        new, old = new.clone().requires_grad_(), old.clone().requires_grad_()
        adv = adv.clone().requires_grad_()  # as a critic's output would
        loss = ppo_clip_loss(new, old, adv, mask, eps=eps)
        assert torch.is_tensor(loss) and loss.dim() == 0, f"{case}: a 0-d loss"
        assert loss.dtype == dtype, f"{case}: {dtype} in, a {loss.dtype} loss out"
        want, grad = reference(*(clean or (new, old, adv)), mask, eps)
        tol = {} if dtype == torch.float64 else {"rtol": 1e-5, "atol": 1e-6}
        close(loss, torch.tensor(want, dtype=dtype), f"{case}: the loss", **tol)
        g_new, g_old, g_adv = None, None, None  # a constant loss: a zero gradient
        if loss.requires_grad:
            inputs = (new, old, adv)
            g_new, g_old, g_adv = torch.autograd.grad(loss, inputs, allow_unused=True)
        g_new = torch.zeros_like(new) if g_new is None else g_new
        close(g_new, grad.to(dtype), f"{case}: d loss / d logp_new", **tol)
        assert g_old is None or not g_old.any(), (
            f"{case}: a gradient reaches logp_old: it is data, detach it"
        )
        assert g_adv is None or not g_adv.any(), (
            f"{case}: a gradient reaches the advantages: they are data, detach them"
        )

    B, T = 4, 6
    mask = torch.arange(T) < torch.tensor([[6], [4], [2], [5]])  # ragged lengths
    new = torch.randn(B, T, dtype=torch.float64) - 2
    old = new + 0.3 * torch.randn(B, T, dtype=torch.float64)  # ratios 0.5 to 2
    adv = torch.randn(B, T, dtype=torch.float64)
    run("ragged batch", new, old, adv, mask)
    run("ragged batch, eps=0.1", new, old, adv, mask, eps=0.1)
    run("ragged batch, float32", new, old, adv, mask, dtype=torch.float32)
    full = torch.ones(B, T, dtype=torch.bool)
    run("no padding", new, old, adv, full)
    # By hand: ratios 1.5, 0.5, 0.5, 1.5 with advantages +1, +1, -1, -1. The clip
    # holds the first and third (objective 1.2 and -0.8, gradient 0); the second and
    # fourth moved the wrong way and keep r * A: 0.5 and -1.5. Loss -(-0.6) / 4.
    r = torch.tensor([[1.5, 0.5, 0.5, 1.5]], dtype=torch.float64)
    a = torch.tensor([[1.0, 1.0, -1.0, -1.0]], dtype=torch.float64)
    hand = (r.log(), torch.zeros_like(r), a, torch.ones_like(r, dtype=torch.bool))
    run("ratios 1.5, 0.5, 0.5, 1.5 by hand", *hand)
    loss = ppo_clip_loss(*hand)
    close(float(loss), 0.15, "ratios 1.5, 0.5, 0.5, 1.5 by hand: want 0.15")
    # A ratio of 4 against A = -1: the min keeps r * A = -4, however far r goes (a
    # dual clip at 3 A would hold it at -3); 0.25 against A = +1 keeps 0.25.
    r = torch.tensor([[4.0, 0.25]], dtype=torch.float64)
    far = (r.log(), torch.zeros_like(r), torch.tensor([[-1.0, 1.0]]).double())
    run("ratio 4 against A = -1: no bound below", *far, torch.ones_like(r) > 0)
    # A log-ratio of 30 against A = -1: r * A = -e^30, gradient e^30 / 2; a clamp of
    # the log-ratio (to +-20, "for stability") changes both.
    big = torch.tensor([[30.0, 0.1]], dtype=torch.float64)
    two = (big, torch.zeros_like(big), torch.tensor([[-1.0, 1.0]]).double())
    case = "a log-ratio of 30 against A = -1: r = exp(30), no clamp on the log-ratio"
    run(case, *two, torch.ones_like(big) > 0)
    # float32 log-probs near -110: exp(-110) underflows to 0, so exp(new) / exp(old)
    # is 0 / 0; exp(new - old) is e^0.5 and e^-0.2.
    new32 = torch.tensor([[-110.0, -120.0]])
    old32 = torch.tensor([[-110.5, -119.8]])
    case = "float32 log-probs near -110: r = exp(new - old), not exp(new) / exp(old)"
    rare = (new32, old32, torch.tensor([[1.0, -1.0]]), torch.ones(1, 2) > 0)
    run(case, *rare, dtype=torch.float32)
    # Padding full of garbage: log-probs 0 against -1e4 (a ratio of exp(1e4) = inf)
    # and advantages of -1e4. The loss and every gradient stay those of clean data.
    junk_new = torch.where(mask, new, 0.0)
    junk_old = torch.where(mask, old, -1e4)
    junk_adv = torch.where(mask, adv, -1e4)
    case = "padding holding logp 0 vs -1e4: mask the log-ratio before exp"
    for dtype in [torch.float64, torch.float32]:
        junk = (junk_new, junk_old, junk_adv, mask)
        run(f"{case}, {dtype}", *junk, dtype=dtype, clean=(new, old, adv))
    # No valid token at all: 0 and a zero gradient, not 0 / 0.
    none = torch.zeros(B, T, dtype=torch.bool)
    run("every token masked: want 0, not nan", new, old, adv, none)
    n = int(mask.sum())
    print(f"ppo_clip_loss matches eq. 7 token by token: {n} of {B * T} valid, grads")
    # > ppo_clip_loss matches eq. 7 token by token: 17 of 24 valid, grads


# --8<-- [end:check]


if __name__ == "__main__":
    check(ppo_clip_loss)
