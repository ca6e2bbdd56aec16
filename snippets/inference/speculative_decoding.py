import torch

torch.manual_seed(0)
V, N = 4, 200_000  # vocabulary size, number of runs
# toy bigram "models": row t is the next-token distribution after token t
target = torch.softmax(2 * torch.randn(V, V), dim=-1)  # the big model, p
draft = torch.softmax(2 * torch.randn(V, V), dim=-1)  # the cheap model, q


def speculative_step(prev, k=2):
    """Draft k tokens with q, verify them with p; return tokens (N, k+1) and count."""
    n = prev.shape[0]
    tokens = torch.zeros(n, k + 1, dtype=torch.long)
    count = torch.zeros(n, dtype=torch.long)
    alive = torch.ones(n, dtype=torch.bool)  # no rejection yet
    ctx = prev
    for i in range(k):
        x = torch.multinomial(draft[ctx], 1).squeeze(1)  # in practice: k draft calls
        p, q = target[ctx, x], draft[ctx, x]  # in practice: one target forward
        accept = torch.rand(n) < (p / q).clamp(max=1)
        # rejected: resample from the residual max(0, p - q), renormalized
        residual = (target[ctx] - draft[ctx]).clamp(min=0)
        fixed = torch.multinomial(residual, 1).squeeze(1)
        tokens[alive, i] = torch.where(accept, x, fixed)[alive]
        count += alive
        alive &= accept
        ctx = x
    bonus = torch.multinomial(target[ctx], 1).squeeze(1)  # all k accepted: 1 more
    tokens[alive, k] = bonus[alive]
    return tokens, count + alive


start = torch.zeros(N, dtype=torch.long)  # every run starts after token 0
tokens, count = speculative_step(start)
# runs that produced only 1 token take a second step for their second token
short = count < 2
more, _ = speculative_step(tokens[short, 0])
tokens[short, 1] = more[:, 0]

# joint distribution of the first two generated tokens
empirical = (
    torch.zeros(V, V).index_put_(
        (tokens[:, 0], tokens[:, 1]), torch.ones(N), accumulate=True
    )
    / N
)
exact_p = target[0][:, None] * target  # p(a | 0) p(b | a)
exact_q = draft[0][:, None] * draft
print(f"max |empirical - target| = {(empirical - exact_p).abs().max():.3f}")
# > max |empirical - target| = 0.001
print(f"max |empirical - draft|  = {(empirical - exact_q).abs().max():.3f}")
# > max |empirical - draft|  = 0.189
print(f"tokens per target forward: {count.float().mean():.2f} (of up to 3)")
# > tokens per target forward: 2.23 (of up to 3)
# acceptance rate of the first draft token: sum_x min(p, q) = 1 - total variation
print(f"expected acceptance {torch.minimum(target[0], draft[0]).sum():.3f}")
# > expected acceptance 0.737
print(f"measured acceptance {(count > 1).float().mean():.3f}")
# > measured acceptance 0.737

# Leviathan et al.'s model: the same acceptance rate alpha at every draft position
alpha, k = torch.minimum(target[0], draft[0]).sum().item(), 2
print(f"(1 - alpha**(k+1)) / (1 - alpha) = {(1 - alpha ** (k + 1)) / (1 - alpha):.2f}")
# > (1 - alpha**(k+1)) / (1 - alpha) = 2.28
# here the second draft's context is the first token, and its acceptance differs
second = (count > 2).sum() / (count > 1).sum()
print(f"acceptance of the second draft token, the first accepted: {second:.3f}")
# > acceptance of the second draft token, the first accepted: 0.674
# their speedup, with a draft call costing c target calls: more drafts, more waste
c = 0.05
speedup = {k: (1 - alpha ** (k + 1)) / (1 - alpha) / (k * c + 1) for k in range(1, 11)}
best = max(speedup, key=speedup.get)
print(f"c = {c}: k=1 {speedup[1]:.2f}x, best k={best} {speedup[best]:.2f}x")
# > c = 0.05: k=1 1.65x, best k=6 2.58x
print(f"k=10 {speedup[10]:.2f}x")
# > k=10 2.45x
