import torch

torch.manual_seed(0)
# 4 answers per problem, answer 0 correct. Each row: a base model's answer distribution.
base = torch.tensor(
    [
        [0.60, 0.20, 0.10, 0.10],  # easy: the right answer is the mode
        [0.40, 0.30, 0.20, 0.10],  # medium: still the mode
        [0.05, 0.70, 0.15, 0.10],  # hard: right answer is rare, a wrong one dominates
        [0.02, 0.50, 0.40, 0.08],  # very hard
    ]
)


def sharpen(p, a):  # p^a renormalized: what RL does to answers it already ranks high
    q = p**a
    return q / q.sum(-1, keepdim=True)


def pass_at_k(p, k):  # chance that at least one of k samples is correct
    return (1 - (1 - p[:, 0]) ** k).mean().item()


def maj_at_k(p, k, trials=4000):  # the most frequent of k sampled answers is correct
    s = torch.multinomial(p.repeat_interleave(trials, 0), k, replacement=True)
    counts = torch.nn.functional.one_hot(s, p.shape[1]).sum(1).float()
    counts += 0.1 * torch.rand_like(counts)  # break ties at random, not toward 0
    return (counts.argmax(-1) == 0).float().mean().item()


rl = sharpen(base, 3.0)
print("P(correct) base:", [round(v, 4) for v in base[:, 0].tolist()])
# > P(correct) base: [0.6, 0.4, 0.05, 0.02]
print("P(correct) RL:  ", [round(v, 4) for v in rl[:, 0].tolist()])
# > P(correct) RL:   [0.9558, 0.64, 0.0004, 0.0]
for name, p in [("base", base), ("RL", rl)]:
    print(
        f"{name:4s} pass@1 {pass_at_k(p, 1):.3f}  maj@16 {maj_at_k(p, 16):.3f}",
        f" pass@256 {pass_at_k(p, 256):.3f}",
    )
    # > base pass@1 0.267  maj@16 0.398  pass@256 0.999
    # > RL   pass@1 0.399  maj@16 0.488  pass@256 0.525
