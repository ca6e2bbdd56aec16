import itertools

import torch
import torch.nn.functional as F

torch.manual_seed(0)
T = 5
z = torch.tensor([2, 4, 0, 1, 3])  # a factorization order: predict x2, then x4, ...
rank = torch.empty(T, dtype=torch.long)
rank[z] = torch.arange(T)  # rank[i]: when position i comes in the order
content = rank[None, :] <= rank[:, None]  # row i may attend j: j not after i in z
query = rank[None, :] < rank[:, None]  # the same, without i itself
for i in range(T):  # row i: the positions i may read, content stream | query stream
    print(i, content[i].int().tolist(), query[i].int().tolist())
    # > 0 [1, 0, 1, 0, 1] [0, 0, 1, 0, 1]
    # > 1 [1, 1, 1, 0, 1] [1, 0, 1, 0, 1]
    # > 2 [0, 0, 1, 0, 0] [0, 0, 0, 0, 0]
    # > 3 [1, 1, 1, 1, 1] [1, 1, 1, 0, 1]
    # > 4 [0, 0, 1, 0, 1] [0, 0, 1, 0, 0]
# In factorization order the masks are the causal ones; identity order = GPT's
causal = torch.ones(T, T, dtype=torch.bool).tril()
print(
    torch.equal(content[z][:, z], causal), torch.equal(query[z][:, z], causal.tril(-1))
)
# > True True
# Averaged over all 120 orders, every position sees every other half of the time
perms = [torch.tensor(p) for p in itertools.permutations(range(T))]
avg = torch.stack(
    [(torch.argsort(p)[None, :] < torch.argsort(p)[:, None]).float() for p in perms]
).mean(0)
print(avg[0].tolist())
# > [0.0, 0.5, 0.5, 0.5, 0.5]

# Two streams, one attention layer: content h_j = e(x_j) + p_j, query g_i = w + p_i
d = 16
e = torch.randn(T, d, requires_grad=True)  # embeddings of the tokens x_0..x_4
p, w = torch.randn(T, d), torch.randn(d)  # position vectors, the shared query vector
Wq, Wk, Wv = (torch.randn(d, d) / d**0.5 for _ in range(3))
h0 = e + p


def attend(q_in, mask):  # queries from q_in, keys and values from the content stream
    return F.scaled_dot_product_attention(q_in @ Wq, h0 @ Wk, h0 @ Wv, attn_mask=mask)


target = [3, 1]  # partial prediction: only the last 2 positions of the order
g = attend(w + p[target], query[target])  # (2, d); True = may attend
h = attend(h0, content)
# the query stream at a target never reads the target's own token; content does
g_self = torch.autograd.grad(g[0].sum(), e, retain_graph=True)[0][3].abs().sum()
h_self = torch.autograd.grad(h[3].sum(), e)[0][3].abs().sum()
print(g_self.item(), h_self.item() > 0)
# > 0.0 True

# Why the query stream: orders (2, 4, 0, 1, 3) and (2, 4, 0, 3, 1) both predict
# next from the context {2, 4, 0}; without the target's position they would give
# one distribution for two different targets
ctx = torch.zeros(T, dtype=torch.bool)
ctx[[2, 4, 0]] = True
g1, g3 = attend(w + p[[1, 3]], ctx.expand(2, T))
print(torch.allclose(g1, g3))
# > False

# Mask both words of a 2-word corpus: BERT predicts each from the unmasked rest
# (nothing here), independently; an order predicts the second after the first
corpus = [("New", "York"), ("Los", "Angeles")]  # two equally likely sentences


def p(word, pos, given=None):  # p(word at pos | the other word = given), by counting
    rows = [s for s in corpus if given is None or s[1 - pos] == given]
    return sum(s[pos] == word for s in rows) / len(rows)


for a, b in [("New", "York"), ("New", "Angeles")]:
    print(a, b, "BERT", p(a, 0) * p(b, 1), "XLNet", p(a, 0) * p(b, 1, given=a))
    # > New York BERT 0.25 XLNet 0.5
    # > New Angeles BERT 0.25 XLNet 0.0
