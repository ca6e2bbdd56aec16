"""REINFORCE with a mean baseline (Williams 1992), checked with the hand gradient."""

import itertools

import torch


def reinforce_loss(logp, rewards, mask):
    """logp: (B, T) log pi(a_t | s_t) of the actions taken in B episodes; rewards: (B,)
    the return R of each episode; mask: (B, T) bool, True at the steps taken (padding
    may hold any value: -inf, +inf, nan). Returns the mean over episodes of
    -(R - b) * sum_t log pi(a_t | s_t), with b the mean of the batch's rewards; R - b
    is a constant weight: no gradient reaches rewards, directly or through b."""
    # --8<-- [start:solution]
    advantage = (rewards - rewards.mean()).detach()  # neither R nor b is differentiated
    # log pi(episode): padding may be -inf, and -inf * 0 is nan, so fill, not multiply
    log_prob = logp.masked_fill(~mask, 0.0).sum(dim=1)
    return -(advantage * log_prob).mean()
    # --8<-- [end:solution]


# --8<-- [start:check]
def check(reinforce_loss):
    torch.manual_seed(0)

    def close(got, want, case, **kw):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}", **kw)

    def reference(logp, rewards, mask):  # episode by episode, in Python floats
        B, R = len(rewards), rewards.tolist()
        b = sum(R) / B
        loss, grad = 0.0, torch.zeros(logp.shape, dtype=torch.float64)
        for i, (row, keep) in enumerate(zip(logp.tolist(), mask.tolist(), strict=True)):
            loss -= (R[i] - b) * sum(x for x, k in zip(row, keep, strict=True) if k) / B
            grad[i] = torch.tensor(keep, dtype=torch.float64) * -(R[i] - b) / B
        return loss, grad

    def run(case, logp, rewards, mask, dtype=torch.float64, clean=None):
        logp = logp.to(dtype).clone().requires_grad_()
        rewards = rewards.to(dtype).clone().requires_grad_()  # as from a reward model
        loss = reinforce_loss(logp, rewards, mask)
        assert torch.is_tensor(loss) and loss.dim() == 0, f"{case}: a 0-d loss"
        assert loss.dtype == dtype, f"{case}: {dtype} in, a {loss.dtype} loss out"
        want, grad = reference(logp if clean is None else clean, rewards, mask)
        tol = {} if dtype == torch.float64 else {"rtol": 1e-5, "atol": 1e-6}
        close(loss, torch.tensor(want, dtype=dtype), f"{case}: the loss", **tol)
        g_logp, g_r = None, None  # a constant loss (no graph): a zero gradient
        if loss.requires_grad:
            inputs = (logp, rewards)
            g_logp, g_r = torch.autograd.grad(loss, inputs, allow_unused=True)
        g_logp = torch.zeros_like(logp) if g_logp is None else g_logp
        close(g_logp, grad.to(dtype), f"{case}: d loss / d logp, -(R - b) / B", **tol)
        assert g_r is None or not g_r.any(), (
            f"{case}: a gradient reaches the rewards: detach R - b, the baseline too"
        )

    B, T = 6, 5
    mask = torch.arange(T) < torch.tensor([[5], [3], [1], [4], [5], [2]])
    logp = -torch.rand(B, T, dtype=torch.float64) * 3
    rewards = torch.randn(B, dtype=torch.float64)
    run("ragged episodes", logp, rewards, mask)
    run("ragged episodes, float32", logp, rewards, mask, dtype=torch.float32)
    # By hand: R = [1, 0], b = 0.5, log pi(episode) = -3 and -7:
    # loss = -(0.5 * -3 + -0.5 * -7) / 2 = -1, gradient -0.25 and +0.25 per step.
    hand = torch.tensor([[-1.0, -2.0], [-3.0, -4.0]], dtype=torch.float64)
    two = (hand, torch.tensor([1.0, 0.0], dtype=torch.float64), torch.ones(2, 2) > 0)
    run("R = [1, 0] by hand", *two)
    close(float(reinforce_loss(*two)), -1.0, "R = [1, 0] by hand: want -1")
    # Equal rewards: R - b = 0, nothing to learn, loss and gradient 0.
    run("equal rewards", logp, torch.full((B,), 2.5, dtype=torch.float64), mask)
    # Padding at log pi = -inf (probability 0): -inf * 0 is nan; mask it out first.
    junk = logp.masked_fill(~mask, float("-inf"))
    run("padding holding -inf: mask before summing", junk, rewards, mask, clean=logp)
    # Padding may hold any value: nan and +inf too, which a clamp does not remove.
    odd = torch.arange(T) % 2 == 1
    junk = torch.where(mask, logp, torch.where(odd, float("nan"), float("inf")))
    case = "padding holding nan and +inf: fill it (masked_fill), whatever it holds"
    run(case, junk, rewards, mask, clean=logp)
    # The exact expectation, over all 9 batches of B = 2 pulls of a 3-armed bandit:
    # the mean baseline includes each pull's own reward, so E[gradient] is
    # (1 - 1/B) times the true policy gradient, -d E[R] / d theta.
    theta = torch.tensor([0.2, -0.5, 0.1], dtype=torch.float64, requires_grad=True)
    arm_reward = torch.tensor([1.0, 0.0, 3.0], dtype=torch.float64)
    pi = torch.softmax(theta, 0)
    (true,) = torch.autograd.grad(-(pi * arm_reward).sum(), theta)
    expected = torch.zeros(3, dtype=torch.float64)
    for arms in itertools.product(range(3), repeat=2):
        logp_arms = torch.log_softmax(theta, 0)[list(arms)][:, None]  # (B, 1)
        loss = reinforce_loss(logp_arms, arm_reward[list(arms)], torch.ones(2, 1) > 0)
        g = torch.zeros(3, dtype=torch.float64)  # equal rewards: a constant loss
        if loss.requires_grad:
            (g,) = torch.autograd.grad(loss, theta)
        expected += pi[arms[0]].detach() * pi[arms[1]].detach() * g
    close(expected, true / 2, "bandit, exact E[gradient] over 9 batches: (1 - 1/B) x")
    print("reinforce_loss: loss, gradient -(R - b) / B, no gradient into R or b")
    # > reinforce_loss: loss, gradient -(R - b) / B, no gradient into R or b


# --8<-- [end:check]


if __name__ == "__main__":
    check(reinforce_loss)
