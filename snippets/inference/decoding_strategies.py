import itertools
from collections import Counter

import torch

torch.manual_seed(0)
V = "abc"
# A toy language model: next-token probabilities given the prefix
table = {
    "": [0.5, 0.4, 0.1],
    "a": [0.4, 0.3, 0.3],  # after "a" the model is unsure
    "b": [0.9, 0.05, 0.05],  # after "b" it is confident
    "c": [0.4, 0.3, 0.3],
}


def prob(seq):
    return torch.tensor([table[seq[:i]][V.index(t)] for i, t in enumerate(seq)]).prod()


def greedy(T=2):
    seq = ""
    for _ in range(T):
        seq += V[torch.tensor(table[seq]).argmax()]
    return seq


def beam(k, T=2):
    beams = [""]
    for _ in range(T):
        cands = [b + t for b in beams for t in V]
        beams = sorted(cands, key=prob, reverse=True)[:k]
    return beams[0]


def sample(temperature, T=2):
    seq = ""
    for _ in range(T):
        p = torch.tensor(table[seq]).log().div(temperature).softmax(-1)
        seq += V[torch.multinomial(p, 1)]
    return seq


best = max(("".join(s) for s in itertools.product(V, repeat=2)), key=prob)
for name, seq in [("greedy", greedy()), ("beam k=2", beam(2)), ("exhaustive", best)]:
    print(f"{name:10s} {seq} p={prob(seq).item():.2f}")
    # > greedy     aa p=0.20
    # > beam k=2   ba p=0.36
    # > exhaustive ba p=0.36

for t in (1.0, 0.25):
    draws = Counter(sample(t) for _ in range(1000))
    mean_p = sum(prob(s) * n for s, n in draws.items()).item() / 1000
    top, n = draws.most_common(1)[0]
    stats = f"{len(draws)} distinct, mode {top} {n / 10:.0f}%, mean p={mean_p:.3f}"
    print(f"sampling T={t}: {stats}")
    # > sampling T=1.0: 9 distinct, mode ba 37%, mean p=0.217
    # > sampling T=0.25: 5 distinct, mode aa 42%, mean p=0.227
