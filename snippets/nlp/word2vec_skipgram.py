import torch
import torch.nn.functional as F

torch.manual_seed(0)
# A synthetic corpus: words 0-4 (say, animals) co-occur with each other and words
# 5-9 (say, vehicles) with each other; each sentence draws from one cluster only.
V, d, window, k = 10, 8, 2, 5
clusters = [torch.arange(0, 5), torch.arange(5, 10)]
sentences = [clusters[i % 2][torch.randint(0, 5, (8,))] for i in range(200)]

pairs = []  # (center, context) for every word within `window` of the center
for s in sentences:
    for i in range(len(s)):
        for j in range(max(0, i - window), min(len(s), i + window + 1)):
            if j != i:
                pairs.append((s[i], s[j]))
center, context = torch.tensor(pairs).T
print(len(pairs))
# > 5200

v = (0.1 * torch.randn(V, d)).requires_grad_()  # input (center) vectors
u = (0.1 * torch.randn(V, d)).requires_grad_()  # output (context) vectors
noise = torch.ones(V) ** 0.75  # the unigram^(3/4) noise distribution (uniform here)
opt = torch.optim.Adam([v, u], lr=0.05)
for step in range(300):
    b = torch.randint(0, len(pairs), (256,))
    c, o = center[b], context[b]
    neg = torch.multinomial(noise, 256 * k, replacement=True).view(256, k)
    pos_score = (v[c] * u[o]).sum(-1)  # u_o . v_c
    neg_score = torch.einsum("bd,bkd->bk", v[c], u[neg])  # u_n . v_c, k per pair
    loss = -(F.logsigmoid(pos_score) + F.logsigmoid(-neg_score).sum(-1)).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    if step in (0, 299):
        print(step, round(loss.item(), 3))
        # > 0 4.162
        # > 299 2.083

with torch.no_grad():
    sim = F.normalize(v, dim=1) @ F.normalize(v, dim=1).T
    same = torch.block_diag(torch.ones(5, 5), torch.ones(5, 5)).bool()
    off = ~torch.eye(V, dtype=torch.bool)
    print("within", round(sim[same & off].mean().item(), 3))
    # > within 0.975
    print("across", round(sim[~same].mean().item(), 3))
    # > across 0.104
    # What is left of the loss: noise words from the center's own cluster
    neg_loss = -F.logsigmoid(-neg_score)
    own = (neg < 5) == (c < 5)[:, None]
    print(round(neg_loss[own].mean().item(), 3), round(neg_loss[~own].mean().item(), 3))
    # > 0.337 0.001
    # Levy and Goldberg: at the optimum v_c . u_o = PMI(c, o) - log k
    C = torch.bincount(center * V + context, minlength=V * V).view(V, V).float()
    pmi = torch.log(C * C.sum() / (C.sum(1, keepdim=True) * C.sum(0, keepdim=True)))
    dots = v @ u.T  # dots[c, o] = v_c . u_o
    shifted = pmi[same] - torch.log(torch.tensor(float(k)))
    print(round(dots[same].mean().item(), 2), round(shifted.mean().item(), 2))
    # > -0.98 -0.92
