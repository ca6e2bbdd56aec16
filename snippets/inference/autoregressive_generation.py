import copy
import itertools

import torch
import torch.nn.functional as F
from torch import nn

torch.set_num_threads(1)  # tensors this small: more threads only wait on each other
torch.manual_seed(0)
V, BOS, L = 4, 4, 3  # tokens 0..3, BOS = 4, sequences of 3 tokens


class TinyLM(nn.Module):  # one attention layer; causal=False lets a position see ahead
    def __init__(self, d=16):
        super().__init__()
        self.emb, self.pos = nn.Embedding(V + 1, d), nn.Embedding(16, d)
        self.qkv, self.head = nn.Linear(d, 3 * d), nn.Linear(d, V)

    def forward(self, ids, causal=True):
        x = self.emb(ids) + self.pos(torch.arange(ids.shape[1]))
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        h = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        return self.head(x + h).log_softmax(-1)  # log p(next token | what it saw)


model = TinyLM().eval()


def log_prob(lm, seqs, causal=True):  # chain rule: sum of log p(x_t | x_<t)
    ids = torch.cat([torch.full((len(seqs), 1), BOS), torch.tensor(seqs)], 1)
    logp = lm(ids[:, :-1], causal)  # one forward; position t predicts token t + 1
    return logp.gather(2, ids[:, 1:, None]).sum((1, 2))


# 1. Train two copies on uniform random tokens (entropy log 4 = 1.386 per token):
# one with the causal mask, one whose positions can see the tokens they predict
data = torch.cat([torch.full((128, 1), BOS), torch.randint(0, V, (128, L))], 1)
seqs = list(itertools.product(range(V), repeat=L))
for causal in (True, False):
    lm = copy.deepcopy(model).train()
    opt = torch.optim.Adam(lm.parameters(), lr=3e-2)
    for _ in range(60):
        opt.zero_grad()
        logp = lm(data[:, :-1], causal)
        loss = F.nll_loss(logp.reshape(-1, V), data[:, 1:].reshape(-1))
        loss.backward()
        opt.step()
    with torch.no_grad():  # sum over all 64 sequences of the product of conditionals
        total = log_prob(lm.eval(), seqs, causal).exp().sum().item()
    print(f"causal={causal}: loss {loss.item():.3f}, sum of p(x) = {total:.2f}")
    # > causal=True: loss 1.325, sum of p(x) = 1.00
    # > causal=False: loss 0.447, sum of p(x) = 15.97

with torch.no_grad():
    # 2. Scoring a known sequence: one forward; generating it: one forward per token
    seq = [2, 0, 3]
    steps = [model(torch.tensor([[BOS] + seq[:t]]))[0, -1, seq[t]] for t in range(L)]
    ids = torch.tensor([[BOS] + seq])
    whole = model(ids[:, :-1])[0].gather(1, ids[0, 1:, None])[:, 0]  # all 3 at once
    print("one forward = 3 prefix forwards:", torch.allclose(whole, torch.stack(steps)))
    # > one forward = 3 prefix forwards: True
    ids = [BOS]
    for _ in range(L):  # each step needs the token the step before chose
        ids.append(model(torch.tensor([ids]))[0, -1].argmax().item())
    print("greedy generation:", ids[1:])
    # > greedy generation: [0, 1, 2]

    # 3. Jacobi decoding: guess all n tokens, re-predict every one in one forward,
    # repeat until nothing changes. The fixed point is greedy's output.
    n, ids = 10, [BOS]
    for _ in range(n):
        ids.append(model(torch.tensor([ids]))[0, -1].argmax().item())
    guess, iters = [0] * n, 0
    while True:
        new = model(torch.tensor([[BOS] + guess[:-1]]))[0].argmax(-1).tolist()
        iters += 1
        if new == guess:
            break
        guess = new
    print("Jacobi = greedy:", guess == ids[1:], "| passes:", iters, "for", n, "tokens")
    # > Jacobi = greedy: True | passes: 6 for 10 tokens

# 4. Dependencies between outputs: the data is "ab" or "ba" (tokens 0, 1), half each
data = torch.tensor([[0, 1], [1, 0]])
nar = torch.randn(2, 2, requires_grad=True)  # parallel: logits per position
ar1 = torch.randn(2, requires_grad=True)  # autoregressive: p(x1) ...
ar2 = torch.randn(2, 2, requires_grad=True)  # ... and p(x2 | x1)
opt = torch.optim.Adam([nar, ar1, ar2], lr=0.1)
for _ in range(300):  # maximum likelihood on the data, both models
    opt.zero_grad()
    loss_nar = F.cross_entropy(nar.repeat(2, 1), data.reshape(-1))
    loss_ar = F.cross_entropy(ar1.expand(2, 2), data[:, 0])
    loss_ar = loss_ar + F.cross_entropy(ar2[data[:, 0]], data[:, 1])
    (loss_nar + loss_ar).backward()
    opt.step()
with torch.no_grad():
    pn, p1, p2 = nar.softmax(-1), ar1.softmax(-1), ar2.softmax(-1)
    joint_nar = pn[0][:, None] * pn[1][None, :]  # positions drawn independently
    joint_ar = p1[:, None] * p2
for name, joint in (("autoregressive", joint_ar), ("independent positions", joint_nar)):
    valid = joint[0, 1] + joint[1, 0]
    print(f"{name}: P(ab or ba) = {valid:.2f}, P(aa or bb) = {1 - valid:.2f}")
    # > autoregressive: P(ab or ba) = 1.00, P(aa or bb) = 0.00
    # > independent positions: P(ab or ba) = 0.50, P(aa or bb) = 0.50
