import torch
import torch.nn.functional as F

torch.manual_seed(0)
# The same synthetic corpus as the skip-gram question: two clusters of 5 words
V, window = 10, 2
clusters = [torch.arange(0, 5), torch.arange(5, 10)]
sentences = [clusters[i % 2][torch.randint(0, 5, (8,))] for i in range(200)]

# Count: the word-context co-occurrence matrix within the window
C = torch.zeros(V, V)
for s in sentences:
    for i in range(len(s)):
        for j in range(max(0, i - window), min(len(s), i + window + 1)):
            if j != i:
                C[s[i], s[j]] += 1
print(int(C.sum()), int((C == 0).sum()))  # pairs counted, zero cells
# > 5200 50

# PPMI: max(0, log p(w, c) / (p(w) p(c)))
p_wc = C / C.sum()
pmi = torch.log(p_wc / (p_wc.sum(1, keepdim=True) * p_wc.sum(0, keepdim=True)))
ppmi = pmi.clamp(min=0)  # log 0 = -inf for unseen pairs becomes 0
print(round(pmi[0, 1].item(), 3), pmi[0, 7].item(), ppmi[0, 7].item())
# > 0.66 -inf 0.0

# Truncated SVD: keep the top r singular directions, word vectors U_r sqrt(S_r)
U, S, Vh = torch.linalg.svd(ppmi)
r = 2
vec = U[:, :r] * S[:r].sqrt()
print(S.round(decimals=2)[:4])  # two large singular values: two clusters
# > tensor([3.4500, 3.4400, 0.4000, 0.3800])

sim = F.normalize(vec, dim=1) @ F.normalize(vec, dim=1).T
same = torch.block_diag(torch.ones(5, 5), torch.ones(5, 5)).bool()
off = ~torch.eye(V, dtype=torch.bool)
print("within", round(sim[same & off].mean().item(), 3))
# > within 1.0
print("across", round(sim[~same].mean().item(), 3))
# > across 0.0
