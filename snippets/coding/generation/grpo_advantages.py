"""GRPO's group-relative advantages (Shao et al. 2024, sec. 4.1.2), per group."""

import statistics

import torch


def grpo_advantages(rewards, eps=1e-4):
    """rewards: (P, G), the rewards of G >= 2 sampled completions of each of P prompts.
    Returns (P, G): each reward minus its group's mean, divided by the group's std
    (unbiased, divide by G - 1, torch.std's default) plus eps, computed in the rewards'
    dtype."""
    # --8<-- [start:solution]
    mean = rewards.mean(dim=1, keepdim=True)  # one baseline per prompt, not per batch
    std = rewards.std(dim=1, keepdim=True)  # correction=1: divides by G - 1
    return (rewards - mean) / (std + eps)  # a group of equal rewards gives 0 / eps = 0
    # --8<-- [end:solution]


# --8<-- [start:check]
def check(grpo_advantages):
    torch.manual_seed(0)

    def close(got, want, case, **kw):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}", **kw)

    def reference(rewards, eps):  # one group at a time, with Python's statistics
        rows = []
        for row in rewards.tolist():
            mean, std = statistics.fmean(row), statistics.stdev(row)  # stdev: G - 1
            rows.append([(r - mean) / (std + eps) for r in row])
        return torch.tensor(rows, dtype=torch.float64)

    def run(case, rewards, eps=None, **tol):  # eps None: the default, 1e-4
        before = rewards.clone()
        got = grpo_advantages(rewards) if eps is None else grpo_advantages(rewards, eps)
        eps = 1e-4 if eps is None else eps
        assert torch.equal(rewards, before), f"{case}: the rewards were modified"
        assert torch.is_tensor(got), f"{case}: a {type(got).__name__}, want a tensor"
        assert got.shape == rewards.shape, f"{case}: shape {tuple(got.shape)}"
        assert got.dtype == rewards.dtype, (
            f"{case}: {rewards.dtype} in, {got.dtype} out"
        )
        want = reference(rewards, eps)
        try:
            close(got.double(), want, case, **tol)
        except AssertionError as e:
            raise AssertionError(
                f"{cause(got.double(), rewards.double(), eps)}{e}"
            ) from e
        return got

    def cause(got, r, eps):  # the usual wrong answers: the one that got matches
        m, sd = r.mean(1, keepdim=True), r.std(1, keepdim=True)
        variants = {
            "the biased std (divides by G, not G - 1)": (r - m)
            / (r.std(1, keepdim=True, correction=0) + eps),
            "the std over the whole batch, not per group": (r - m) / (r.std() + eps),
            "the mean and std over the whole batch": (r - r.mean()) / (r.std() + eps),
            "the statistics over dim 0 (the prompts), not dim 1": (r - r.mean(0))
            / (r.std(0) + eps),
            "the std not plus eps (no eps, or clamped at eps)": (r - m) / sd,
            "eps under the square root": (r - m)
            / (r.var(1, keepdim=True) + eps).sqrt(),
        }
        for name, v in variants.items():
            if torch.allclose(got, v, rtol=1e-5, atol=1e-7, equal_nan=True):
                return f"likely cause: {name}; "
        return ""

    P, G = 5, 8  # P != G: the group is dim 1
    rewards = torch.randn(P, G, dtype=torch.float64)
    run("5 prompts x 8 completions", rewards)
    # float64 rewards near 1000, 1e-3 apart: float32 (spacing 6e-5 there) loses them.
    near = 1000 + 1e-3 * torch.tensor(
        [[1.0, 2, 0, 3], [0, 0, 1, 2]], dtype=torch.float64
    )
    run(
        "float64 rewards 1000 + 1e-3 x [1, 2, 0, 3], float64 precision (computed in "
        "float32, or by the one-pass E[r^2] - E[r]^2?)",
        near,
    )
    run("float32", rewards.float(), rtol=1e-5, atol=1e-5)
    run("eps=0.5", rewards, eps=0.5)
    # By hand (unbiased std): [1, 0, 0, 0] has mean 0.25, std 0.5, so 0.75 / 0.5 = 1.5
    # and -0.25 / 0.5 = -0.5, each over 0.5 + 1e-4 in fact; a group of equal rewards
    # has std 0 and gets 0 everywhere, not nan.
    hand = torch.tensor(
        [
            [1.0, 0, 0, 0],
            [1, 1, 1, 0],
            [1, 1, 1, 1],
            [0, 0, 0, 0],
            [0.3, 0.3, 0.3, 0.3],
        ],
        dtype=torch.float64,
    )
    got = run("hand cases: 1 of 4 right, 3 of 4, all equal", hand)
    s = 0.5 + 1e-4
    want = [[0.75 / s, -0.25 / s, -0.25 / s, -0.25 / s]]
    want += [[0.25 / s, 0.25 / s, 0.25 / s, -0.75 / s]] + [[0.0] * 4] * 3
    close(got, torch.tensor(want, dtype=torch.float64), "hand cases: 1.5, -0.5, ...")
    # A spread of 1e-3, the scale of eps: eps goes next to the std, not under the root.
    run("rewards 0.001 apart: (r - mean) / (std + eps)", hand[:2] * 1e-3)
    # float32 rewards near 1e4 (exact in float32): E[r^2] - E[r]^2 cancels 1e8 - 1e8.
    run("rewards 1e4 + [1, 0, 0, 0] in float32", 1e4 + hand[:2].float())
    # A transposed (non-contiguous) tensor: .view on it raises.
    t = rewards.T.contiguous().T
    assert not t.is_contiguous()
    run("non-contiguous rewards", t)
    print("grpo_advantages matches the per-group loop: std with G - 1, eps, ties to 0")
    # > grpo_advantages matches the per-group loop: std with G - 1, eps, ties to 0


# --8<-- [end:check]


if __name__ == "__main__":
    check(grpo_advantages)
