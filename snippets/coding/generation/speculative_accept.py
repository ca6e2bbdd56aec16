"""Speculative decoding's accept/reject step, checked by the distribution it emits."""

import torch


def speculative_accept(draft_tokens, q, p, generator):
    """draft_tokens: (K,) int64, drawn from the draft model, draft_tokens[i] ~ q[i].
    q: (K, V), the draft's probabilities at each drafted position; p: (K + 1, V), the
    target's at the same positions and at the one after the last draft. Accept draft i
    with probability min(1, p[i, x] / q[i, x]); at the first rejection, draw one token
    from norm(max(0, p[i] - q[i])) and stop; all accepted, draw a bonus token from p[K].
    Every draw from `generator`. Returns the tokens to append, 1-D int64, length n + 1
    for n accepted drafts."""
    # --8<-- [start:solution]
    K = draft_tokens.shape[0]
    for i in range(K):
        x = draft_tokens[i]
        r = torch.rand((), generator=generator, dtype=p.dtype)
        # r < p / q with probability min(1, p / q); written without the division.
        if r * q[i, x] < p[i, x]:
            continue
        # Rejected: the residual max(0, p - q), which multinomial normalizes.
        residual = (p[i] - q[i]).clamp(min=0)
        t = torch.multinomial(residual, 1, generator=generator)
        return torch.cat([draft_tokens[:i], t])
    bonus = torch.multinomial(p[K], 1, generator=generator)  # all K drafts accepted
    return torch.cat([draft_tokens, bonus])
    # --8<-- [end:solution]


# --8<-- [start:check]
def check(speculative_accept):
    torch.manual_seed(0)

    def run(draft, q, p, generator, case):
        out = speculative_accept(draft, q, p, generator)
        assert torch.is_tensor(out) and out.dtype == torch.long and out.dim() == 1, (
            f"{case}: want a 1-D int64 tensor, got {type(out).__name__} "
            f"{getattr(out, 'dtype', '')} {tuple(getattr(out, 'shape', ()))}"
        )
        n = out.numel() - 1
        assert 0 <= n <= draft.numel(), (
            f"{case}: {out.numel()} tokens from {draft.numel()} drafts; want the "
            "accepted drafts plus exactly one token (a residual draw or the bonus)"
        )
        assert torch.equal(out[:n], draft[:n]), (
            f"{case}: {out.tolist()} from drafts {draft.tolist()}: all but the last "
            "token must be the accepted drafts, in order (stop at the first rejection)"
        )
        return out

    def fixed(draft, q, p, seed, case):  # the inputs must come back unchanged
        given = (draft.clone(), q.clone(), p.clone())
        generator = torch.Generator().manual_seed(seed)
        start = generator.get_state()
        out = run(draft, q, p, generator, case)
        assert not torch.equal(generator.get_state(), start), (
            f"{case}: the generator's state did not change: draw from `generator` "
            "itself (a copy of its state, or a private generator, leaves it as it was)"
        )
        names = ["draft_tokens", "q", "p"]
        for a, b, name in zip(given, (draft, q, p), names, strict=True):
            assert torch.equal(a, b), f"{case}: {name} was modified (in place?)"
        return out.tolist()

    # Exact cases first. p == q accepts every draft; a one-hot p[K] fixes the bonus.
    for dtype in [torch.float64, torch.float32]:
        q = torch.softmax(torch.randn(4, 6, dtype=dtype), dim=-1)
        p = torch.cat([q, torch.eye(6, dtype=dtype)[5:]])  # p[4] one-hot at token 5
        draft = torch.multinomial(q, 1).squeeze(1)
        for seed in range(30):
            case = f"p == q, {dtype}, seed {seed}"
            got = fixed(draft, q, p, seed, case)
            assert got == [*draft.tolist(), 5], (
                f"{case}: {got}, want all drafts {draft.tolist()} then the bonus 5, "
                "drawn from p[K] (p == q accepts with probability 1)"
            )
        # Draft 1 is token 0, which the target gives 0: always rejected. The
        # residual max(0, p - q) = [0, 0, 0.5]: token 2, never 1.
        q = torch.tensor(
            [[0.2, 0.3, 0.5], [0.5, 0.5, 0.0], [0.3, 0.3, 0.4]], dtype=dtype
        )
        p = torch.tensor(
            [[0.2, 0.3, 0.5], [0.0, 0.5, 0.5], [0.1, 0.1, 0.8], [1.0, 0.0, 0.0]],
            dtype=dtype,
        )
        draft = torch.tensor([2, 0, 1])
        for seed in range(30):
            case = f"a draft the target gives 0, {dtype}, seed {seed}"
            got = fixed(draft, q, p, seed, case)
            assert got == [2, 2], (
                f"{case}: {got}, want [2, 2]: draft 0 accepted (p == q), draft 1 "
                "rejected (p = 0), then token 2 from norm(max(0, p - q)) = [0, 0, 1]"
            )
        # A tiny residual: p is q but for token 0 (p = 0, q ~ 1e-7), moved to token
        # 1. Draft 0 is always rejected, and max(0, p - q) is ~1e-7 at token 1 and
        # 0 elsewhere: token 1 every time, however small the residual's mass.
        q = torch.softmax(
            torch.cat([torch.tensor([-14.0]), torch.randn(7)]).to(dtype), dim=0
        )
        p = q.clone()
        p[1], p[0] = p[1] + p[0], 0.0
        q, p = q[None], torch.stack([p, torch.eye(8, dtype=dtype)[3]])
        for seed in range(30):
            case = f"a residual of mass {q[0, 0]:.0e}, {dtype}, seed {seed}"
            got = fixed(torch.tensor([0]), q, p, seed, case)
            assert got == [1], (
                f"{case}: {got}, want [1]: draft 0 rejected (p = 0), and "
                "max(0, p - q) is 0 but at token 1: normalize the residual as it is "
                "(nothing added to it, however small it is)"
            )
        # The same with 1000 tokens: a residual of ~5e-10 at token 1, and 0 at the
        # 998 others, where a constant added to the residual (1e-12 each) outweighs it.
        q = torch.softmax(
            torch.cat([torch.tensor([-14.0]), torch.randn(999)]).to(dtype), dim=0
        )
        p = q.clone()
        p[1], p[0] = p[1] + p[0], 0.0
        q, p = q[None], torch.stack([p, torch.eye(1000, dtype=dtype)[3]])
        for seed in range(30):
            case = (
                f"1000 tokens, a residual of mass {q[0, 0]:.0e}, {dtype}, seed {seed}"
            )
            got = fixed(torch.tensor([0]), q, p, seed, case)
            assert got == [1], (
                f"{case}: {got}, want [1]: max(0, p - q) is 0 but at token 1; a "
                "constant or clamp(min=eps) added to the residual outweighs it over "
                "999 tokens: normalize the residual as it is"
            )
        # Acceptance with probability p / q = 1e-9: the uniform must be continuous
        # (a coarse one, randint(0, 50) / 50, accepts whenever it draws 0, 1 in 50).
        q = torch.tensor([[0.5, 0.5]], dtype=dtype)
        p = torch.tensor([[5e-10, 1 - 5e-10], [0.0, 1.0]], dtype=dtype)
        accepted = sum(
            fixed(torch.tensor([0]), q, p, seed, f"p / q = 1e-9, {dtype}") != [1]
            for seed in range(200)
        )
        assert accepted == 0, (
            f"p / q = 1e-9, {dtype}: draft 0 accepted {accepted} of 200 times, want "
            "about 2e-7 of them: accept when r < p / q for a uniform r in [0, 1) "
            "(torch.rand in p's dtype), not a coarse one"
        )
    # K = 0: no draft, one token from p[0].
    got = fixed(
        torch.zeros(0, dtype=torch.long),
        torch.zeros(0, 4, dtype=torch.float64),
        torch.tensor([[0.0, 0.0, 1.0, 0.0]], dtype=torch.float64),
        0,
        "K = 0",
    )
    assert got == [2], f"K = 0: {got}, want [2], the one token drawn from p[0]"
    # Every draw comes from the generator: the same seed gives the same tokens
    # whatever the global RNG's state.
    q = torch.softmax(torch.randn(4, 6, dtype=torch.float64), dim=-1)
    p = torch.softmax(torch.randn(5, 6, dtype=torch.float64), dim=-1)
    draft = torch.multinomial(q, 1).squeeze(1)
    runs = []
    for global_seed in [1, 2]:
        torch.manual_seed(global_seed)
        runs.append([fixed(draft, q, p, s, "reproducibility") for s in range(30)])
    assert runs[0] == runs[1], (
        "the same generator seed gave different tokens after torch.manual_seed(1) "
        "and (2): every draw must take generator=generator"
    )
    # Monte Carlo: the target and the draft are bigram tables over V tokens, so
    # p and q at each position follow from the token before it. Each row of Q
    # puts mass on a token its P row gives 0 (always rejected), and each row of
    # P on a token its Q row never drafts (reachable only through the residual).
    V, K, N, start = 5, 3, 20_000, 0
    tables = torch.Generator().manual_seed(4)  # acceptance rates from 0.6 to 0.84
    logits = torch.randn(V, V, dtype=torch.float64, generator=tables)
    P = torch.softmax(logits, dim=-1)  # the draft: the target's logits, perturbed
    noise = 0.7 * torch.randn(V, V, dtype=torch.float64, generator=tables)
    Q = torch.softmax(logits + noise, dim=-1)
    for c in range(V):
        P[c, (c + 1) % V], Q[c, (c + 2) % V] = 0.0, 0.0
    P, Q = P / P.sum(-1, keepdim=True), Q / Q.sum(-1, keepdim=True)
    drafts = torch.empty(N, K, dtype=torch.long)
    prev, dg = torch.full((N,), start), torch.Generator().manual_seed(2)
    for i in range(K):  # the check drafts from Q, with its own generator
        drafts[:, i] = prev = torch.multinomial(Q[prev], 1, generator=dg).squeeze(1)
    before = torch.cat([torch.full((N, 1), start), drafts], dim=1)  # (N, K + 1)
    qs, ps = Q[before[:, :K]], P[before]  # (N, K, V), (N, K + 1, V)
    g = torch.Generator().manual_seed(1)
    # emitted[position][token before][token emitted]; drafts tried and accepted
    # [position][token before]
    emitted = [[[0] * V for _ in range(V)] for _ in range(K + 1)]
    tried, accepted = [[0] * V for _ in range(K)], [[0] * V for _ in range(K)]
    for t in range(N):
        out = run(drafts[t], qs[t], ps[t], g, f"Monte Carlo trial {t}").tolist()
        context = [start, *out]
        for i, token in enumerate(out):
            emitted[i][context[i]][token] += 1
            if i < K:
                tried[i][context[i]] += 1
                accepted[i][context[i]] += i < len(out) - 1
    emitted = torch.tensor(emitted, dtype=torch.float64)
    tried = torch.tensor(tried, dtype=torch.float64)
    accepted = torch.tensor(accepted, dtype=torch.float64)

    def plausible(count, m, prob):
        # Chernoff: m frequencies f = count / m this far from prob have probability
        # at most 2 exp(-m KL(f || prob)); m KL <= 15 keeps a correct solution's
        # chance of failing any of the check's ~120 tests below 1e-4.
        f = count / m
        kl = torch.xlogy(f, f) - torch.xlogy(f, prob)
        kl = kl + torch.xlogy(1 - f, 1 - f) - torch.xlogy(1 - f, 1 - prob)
        return m * kl <= 15

    for i in range(K + 1):
        for c in range(V):
            m = emitted[i, c].sum()
            if m == 0:
                continue
            case = f"token {i} of the output after token {c} ({int(m)} samples)"
            zero = P[c] == 0
            assert emitted[i, c][zero].sum() == 0, (
                f"{case}: emitted a token the target gives probability 0; likely "
                "cause: a wrong acceptance test, or a residual other than max(0, p - q)"
            )
            freq = emitted[i, c] / m
            assert plausible(emitted[i, c], m, P[c]).all(), (
                f"{case}: frequencies {[round(f, 3) for f in freq.tolist()]}, target "
                f"{[round(f, 3) for f in P[c].tolist()]}, too far for {int(m)} "
                "samples; likely cause: accept with min(1, p/q) of the draft's own "
                "position, resample from norm(max(0, p - q)), the bonus from p[K], "
                "a fresh draw for each (no uniform reused for a later choice)"
            )
    # A draft is accepted with probability sum(min(p, q)) = 1 - TV(p, q).
    beta = torch.minimum(P, Q).sum(-1)
    for i in range(K):
        for c in range(V):
            m = tried[i, c]
            if m > 0:
                assert plausible(accepted[i, c], m, beta[c]), (
                    f"draft {i} after token {c}: accepted {accepted[i, c] / m:.3f} of "
                    f"{int(m)} times, want sum(min(p, q)) = {beta[c]:.3f}; likely "
                    "cause: each draft's own uniform draw, accepted when r < p / q"
                )
    # Tokens a call: 1 + the chance of accepting 1, 2, ..., K drafts in a row;
    # after an accepted draft the next context is c' with chance min(p, q)[c'].
    reach, expected = torch.eye(V, dtype=torch.float64)[start], 1.0
    for _ in range(K):
        reach = reach @ torch.minimum(P, Q)
        expected += reach.sum().item()
    mean = emitted.sum().item() / N
    print(f"{N} trials: the target's distribution, {mean:.2f} tokens a call")
    # > 20000 trials: the target's distribution, 2.50 tokens a call
    print(f"expected tokens a call: {expected:.2f}")
    # > expected tokens a call: 2.50
    print("exact: p == q accepts all, p = 0 rejects, K = 0 draws from p[0]")
    # > exact: p == q accepts all, p = 0 rejects, K = 0 draws from p[0]


# --8<-- [end:check]


if __name__ == "__main__":
    check(speculative_accept)
