"""The DPO loss (Rafailov et al. 2023, eq. 7), checked with a closed form per pair."""

import math

import torch
import torch.nn.functional as F


def dpo_loss(policy_chosen, policy_rejected, ref_chosen, ref_rejected, beta=0.1):
    """Each argument: (B,) summed log-probs log pi(y | x) of a pair's chosen or rejected
    answer, under the policy or the frozen reference. Returns (loss, chosen_rewards,
    rejected_rewards): the mean over the batch of
    -log sigmoid(beta * ((pc - rc) - (pr - rr))), a 0-d tensor, and the implicit rewards
    beta * (pc - rc) and beta * (pr - rr), (B,) and detached; all computed in the
    inputs' dtype, the inputs left unchanged."""
    # --8<-- [start:solution]
    chosen = policy_chosen - ref_chosen  # log pi / pi_ref of the chosen answers
    rejected = policy_rejected - ref_rejected
    margin = beta * (chosen - rejected)
    loss = -F.logsigmoid(margin).mean()  # log(sigmoid(-2000)) is log(0) = -inf
    return loss, beta * chosen.detach(), beta * rejected.detach()
    # --8<-- [end:solution]


# --8<-- [start:check]
def check(dpo_loss):
    torch.manual_seed(0)

    def close(got, want, case, **kw):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}", **kw)

    def softplus(z):  # -log sigmoid(-z) = log(1 + e^z), in closed form, no overflow
        return max(z, 0.0) + math.log1p(math.exp(-abs(z)))

    def reference(pc, pr, rc, rr, beta):  # one pair at a time, in Python floats
        rows = zip(pc.tolist(), pr.tolist(), rc.tolist(), rr.tolist(), strict=True)
        margins = [beta * ((a - c) - (b - d)) for a, b, c, d in rows]
        loss = sum(softplus(-m) for m in margins) / len(margins)
        # d loss / d pc of pair i: -beta * sigmoid(-m_i) / B (the paper's section 4)
        grad = [-beta * math.exp(-softplus(m)) / len(margins) for m in margins]
        return loss, margins, grad

    def run(case, pc, pr, rc, rr, beta=None, dtype=torch.float64):  # None: default
        pc, pr, rc, rr = (t.to(dtype) for t in (pc, pr, rc, rr))
        pc, pr = pc.clone().requires_grad_(), pr.clone().requires_grad_()
        before = [t.detach().clone() for t in (pc, pr, rc, rr)]
        if beta is None:
            out, beta = dpo_loss(pc, pr, rc, rr), 0.1
        else:
            out = dpo_loss(pc, pr, rc, rr, beta=beta)
        names = ["policy_chosen", "policy_rejected", "ref_chosen", "ref_rejected"]
        for name, t, b in zip(names, (pc, pr, rc, rr), before, strict=True):
            assert torch.equal(t.detach(), b), f"{case}: the caller's {name} changed"
        assert isinstance(out, tuple) and len(out) == 3, (
            f"{case}: return (loss, chosen_rewards, rejected_rewards)"
        )
        loss, rw, rl = out
        assert torch.is_tensor(loss) and loss.dim() == 0, f"{case}: a 0-d loss"
        assert loss.dtype == dtype, f"{case}: {dtype} in, a {loss.dtype} loss out"
        want, margins, grad = reference(pc, pr, rc, rr, beta)
        tol = {} if dtype == torch.float64 else {"rtol": 1e-5, "atol": 1e-5}
        close(loss, torch.tensor(want, dtype=dtype), f"{case}: the loss", **tol)
        for got, a, b, name in [(rw, pc, rc, "chosen"), (rl, pr, rr, "rejected")]:
            assert got.shape == pc.shape, f"{case}: {name} rewards of shape (B,)"
            assert not got.requires_grad, f"{case}: detach the {name} rewards"
            close(got, beta * (a - b).detach(), f"{case}: {name} rewards", **tol)
        gc, gr = torch.autograd.grad(loss, (pc, pr))
        want_g = torch.tensor(grad, dtype=dtype)
        close(gc, want_g, f"{case}: d loss / d policy_chosen", **tol)
        close(gr, -want_g, f"{case}: d loss / d policy_rejected", **tol)
        return loss

    B = 8
    rc, rr = -30 + 5 * torch.randn(B), -30 + 5 * torch.randn(B)
    pc, pr = rc + torch.randn(B), rr + torch.randn(B)
    for beta in [0.1, 0.5]:
        run(f"random pairs, beta={beta}", pc, pr, rc, rr, beta)
    run("random pairs, beta left at its default, 0.1", pc, pr, rc, rr)
    run("random pairs, float32", pc, pr, rc, rr, 0.1, torch.float32)
    # Summed log-probs near -5000 (long answers) that differ by 1e-3: float64 keeps
    # the differences, float32 (its spacing there is 5e-4) loses them.
    g = torch.Generator().manual_seed(0)
    rc64 = -5000 + 5 * torch.randn(B, dtype=torch.float64, generator=g)
    rr64 = -5000 + 5 * torch.randn(B, dtype=torch.float64, generator=g)
    pc64 = rc64 + 1e-3 * torch.randn(B, dtype=torch.float64, generator=g)
    pr64 = rr64 + 1e-3 * torch.randn(B, dtype=torch.float64, generator=g)
    run(
        "float64 log-probs near -5000, 1e-3 apart (computed in float32? keep the "
        "inputs' dtype)",
        pc64,
        pr64,
        rc64,
        rr64,
        0.1,
    )
    # The policy is the reference: every margin is 0, the loss log 2, whatever beta.
    loss = run("policy == reference", rc, rr, rc, rr, 0.3)
    close(loss.item(), math.log(2), "policy == reference: log 2")
    # By hand: log-ratios +1 and -1 at beta 0.5 give a margin of 1, log(1 + e^-1).
    one, zero = torch.ones(1), torch.zeros(1)
    loss = run("margin 1 by hand", one, -one, zero, zero, 0.5)
    close(loss.item(), math.log1p(math.exp(-1)), "margin 1 by hand: 0.3133")
    # Margins of +-2000 at beta 1: the loss of a wrong pair is 2000, not inf, and
    # its gradient -1 / B, not nan. log(sigmoid(-2000)) is log(0).
    big, zeros = torch.tensor([2000.0, -2000.0, 0.0]), torch.zeros(3)
    for dtype in [torch.float64, torch.float32]:
        case = f"margins +-2000, {dtype}: use logsigmoid"
        run(case, big, zeros, zeros, zeros, 1.0, dtype)
    print("dpo_loss matches the closed form: loss, rewards, gradients, margins +-2000")
    # > dpo_loss matches the closed form: loss, rewards, gradients, margins +-2000


# --8<-- [end:check]


if __name__ == "__main__":
    check(dpo_loss)
