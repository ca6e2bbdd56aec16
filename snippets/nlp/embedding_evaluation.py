import itertools

import torch
import torch.nn.functional as F

torch.manual_seed(0)
# A vocabulary with a planted structure: 20 concepts (king, uncle, actor, ...), each
# in a male and a female form: word 2i is concept i + g, word 2i + 1 concept i - g
C, d = 20, 50
concept = torch.randn(C, d).repeat_interleave(2, 0)
sign = torch.tensor([1.0, -1.0]).repeat(C)[:, None]
g = torch.randn(d)
clean = concept + 0.4 * sign * g
embeddings = {
    "good": clean + 0.3 * torch.randn(2 * C, d),
    "no gender": concept + 0.3 * torch.randn(2 * C, d),  # concepts only
    "random": torch.randn(2 * C, d),
}

# Similarity benchmark: all 780 word pairs; "human" rating = true similarity + noise
ij = torch.tensor(list(itertools.combinations(range(2 * C), 2)))
ratings = F.cosine_similarity(clean[ij[:, 0]], clean[ij[:, 1]])
ratings = ratings + 0.1 * torch.randn(len(ij))


def pearson(a, b):
    a, b = a - a.mean(), b - b.mean()
    return ((a * b).sum() / (a.norm() * b.norm())).item()


def spearman(a, b):  # Pearson on the ranks (no ties here)
    return pearson(a.argsort().argsort().float(), b.argsort().argsort().float())


def analogy(E, exclude=True, only_c=False):  # a : b :: c : ?  by 3CosAdd
    E = F.normalize(E, dim=1)
    qs = [
        (2 * i + s, 2 * i + 1 - s, 2 * j + s, 2 * j + 1 - s)
        for i, j in itertools.permutations(range(C), 2)
        for s in (0, 1)
    ]
    a, b, c, want = torch.tensor(qs).T
    score = (E[c] if only_c else E[b] - E[a] + E[c]) @ E.T
    if exclude:  # word2vec's evaluation skips the three question words
        for idx in (a, b, c):
            score[torch.arange(len(qs)), idx] = -float("inf")
    pred = score.argmax(1)  # accuracy, how often the answer is c itself, questions
    acc, is_c = (pred == want).float().mean(), (pred == c).float().mean()
    return acc.item(), is_c.item(), len(qs)


def downstream(E):  # a task: male or female? trained on 10 concepts, tested on 10
    y = 1 - sign.squeeze(1).clamp(min=0)
    tr, te = torch.arange(C), torch.arange(C, 2 * C)
    w = torch.zeros(d, requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.5)
    for _ in range(100):
        loss = F.binary_cross_entropy_with_logits(E[tr] @ w, y[tr])
        opt.zero_grad()
        loss.backward()
        opt.step()
    return ((E[te] @ w > 0).float() == y[te]).float().mean().item()


print(len(ij), analogy(clean)[2])
# > 780 760
for name, E in embeddings.items():
    cos = F.cosine_similarity(E[ij[:, 0]], E[ij[:, 1]])
    print(
        f"{name:9s} spearman {spearman(cos, ratings):.2f}"
        f"  analogy {analogy(E)[0]:.2f}"
        f" (kept {analogy(E, False)[0]:.2f}, only c {analogy(E, only_c=True)[0]:.2f})"
        f"  downstream {downstream(E):.2f}"
    )
    # > good      spearman 0.83  analogy 1.00 (kept 0.97, only c 1.00)  downstream 0.95
    # > no gender spearman 0.59  analogy 1.00 (kept 0.00, only c 1.00)  downstream 0.45
    # > random    spearman 0.03  analogy 0.05 (kept 0.00, only c 0.05)  downstream 0.40

print(analogy(embeddings["no gender"], exclude=False)[1])  # kept inputs: it answers c
# > 1.0

# Spearman reads only the order: a monotone change of the scores keeps it
E = embeddings["good"]
cos = F.cosine_similarity(E[ij[:, 0]], E[ij[:, 1]])
print(f"{spearman(cos, ratings):.4f} {spearman(torch.exp(5 * cos), ratings):.4f}")
# > 0.8279 0.8279
print(f"{pearson(cos, ratings):.4f} {pearson(torch.exp(5 * cos), ratings):.4f}")
# > 0.8675 0.6192
