import itertools

import torch
import torch.nn.functional as F

torch.manual_seed(0)
# A bigram LM over the words {a, b} and an end token; BOS is the start state.
A, B, EOS, BOS = 0, 1, 2, 3
logits = torch.randn(4, 3)  # logits[prev] over the next token (a, b, EOS)
logits[:, EOS] += 1.0  # end sooner, so short sequences hold most of the mass
P = logits.softmax(-1).tolist()


def prob(seq, table=P):  # p(x) = prod_t p(x_t | x_<t), here p(x_t | x_{t-1})
    p, prev = 1.0, BOS
    for tok in seq:
        p, prev = p * table[prev][tok], tok
    return p


# Every sequence of 0..L words followed by EOS, enumerated; and what is left:
# the mass of the prefixes of L + 1 words, which have not ended yet
for L in (1, 4, 12):
    total = sum(
        prob(list(w) + [EOS])
        for n in range(L + 1)
        for w in itertools.product((A, B), repeat=n)
    )
    unfinished = sum(prob(w) for w in itertools.product((A, B), repeat=L + 1))
    print(L, round(total, 6), round(total + unfinished, 6))
    # > 1 0.765698 1.0
    # > 4 0.817901 1.0
    # > 12 0.906683 1.0

# All lengths at once (a geometric series of matrices): the mass of ending at all
T = torch.tensor(P)
Q, r = T[:2, :2], T[:2, EOS]  # word -> word, word -> EOS
ends = T[BOS, EOS] + T[BOS, :2] @ torch.linalg.solve(torch.eye(2) - Q, r)
print(round(ends.item(), 6))
# > 1.0

# Without an end token each length alone sums to 1: no distribution over lengths
no_eos = logits[:, :2].softmax(-1).tolist()
per_len = [
    sum(prob(w, no_eos) for w in itertools.product((A, B), repeat=n)) for n in (1, 2, 3)
]
print([round(x, 6) for x in per_len])
# > [1.0, 1.0, 1.0]

# log p(x) is the sum of the per-token log-probs: cross_entropy with reduction="sum"
x = [A, B, B, A, EOS]
prev = torch.tensor([BOS] + x[:-1])
nll = F.cross_entropy(logits[prev], torch.tensor(x), reduction="sum")
print(round(-nll.item(), 5), round(torch.log(torch.tensor(prob(x))).item(), 5))
# > -9.42124 -9.42124
