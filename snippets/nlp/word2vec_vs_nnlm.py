import math

import torch
from torch import nn
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)
V, D, H, n_ctx, k = 100_000, 300, 500, 4, 5  # vocabulary, embedding, hidden, ...


class NNLM(nn.Module):  # Bengio et al. (2003): n-1 previous words -> next word
    def __init__(self, V, D, H, n_ctx):
        super().__init__()
        self.emb = nn.Embedding(V, D)
        self.hidden = nn.Linear(n_ctx * D, H)
        self.out = nn.Linear(H, V)

    def forward(self, ctx):  # (B, n_ctx) ids, in order
        x = self.emb(ctx).flatten(1)  # concatenated: the order matters
        return torch.log_softmax(self.out(torch.tanh(self.hidden(x))), -1)


def macs(fn):  # multiply-adds of one call (FlopCounterMode counts 2 per MAC)
    with FlopCounterMode(display=False) as fc:
        fn()
    return fc.get_total_flops() // 2


with torch.device("meta"):  # shapes only: no 200 MB of weights allocated
    nnlm = NNLM(V, D, H, n_ctx)
    ctx = torch.zeros(1, n_ctx, dtype=torch.long)
    hidden = macs(lambda: nnlm.hidden(nnlm.emb(ctx).flatten(1)))
    print(f"NNLM: hidden {hidden:,} + output {macs(lambda: nnlm(ctx)) - hidden:,}")
    # > NNLM: hidden 600,000 + output 50,000,000
    # Skip-gram with negative sampling: one (center, context) pair and k noise words
    v, u = nn.Embedding(V, D), nn.Embedding(V, D)
    c, o = torch.zeros(1, dtype=torch.long), torch.zeros(1, 1 + k, dtype=torch.long)
    print(f"SGNS pair: {macs(lambda: torch.bmm(u(o), v(c)[:, :, None])):,}")
    # > SGNS pair: 1,800
# A binary tree over V words puts about log2(V) = 17 nodes on a word's path
depth = math.ceil(math.log2(V))
print(f"hierarchical softmax: NNLM output {H * depth:,}, skip-gram {D * depth:,}")
# > hierarchical softmax: NNLM output 8,500, skip-gram 5,100

# CBOW averages the context vectors: word order is gone; the NNLM concatenates them
torch.manual_seed(0)
small = NNLM(50, 8, 16, n_ctx)
ids = torch.tensor([[3, 14, 15, 9]])
flipped = ids.flip(1)
print(torch.allclose(small.emb(ids).mean(1), small.emb(flipped).mean(1)))
# > True
print(torch.allclose(small(ids), small(flipped)))
# > False

# The training examples one sentence gives at the word "on"
sent = "the cat sat on the mat".split()
t = 3
print("NNLM:", sent[t - 3 : t], "->", sent[t])
# > NNLM: ['the', 'cat', 'sat'] -> on
print("skip-gram:", [(sent[t], sent[j]) for j in range(t - 2, t + 3) if j != t])
# > skip-gram: [('on', 'cat'), ('on', 'sat'), ('on', 'the'), ('on', 'mat')]
