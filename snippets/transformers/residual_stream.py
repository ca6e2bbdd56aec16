import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
V, T, D, N = 16, 12, 32, 3  # vocabulary, positions, width, blocks


class Block(nn.Module):  # pre-norm: each sublayer reads LN(stream), adds its output
    def __init__(self):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(D), nn.LayerNorm(D)
        self.attn = nn.MultiheadAttention(D, 2, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear(D, 4 * D), nn.GELU(), nn.Linear(4 * D, D))

    def forward(self, x, writes):
        h = self.ln1(x)
        mask = nn.Transformer.generate_square_subsequent_mask(T)
        writes.append(self.attn(h, h, h, attn_mask=mask, need_weights=False)[0])
        x = x + writes[-1]
        writes.append(self.mlp(self.ln2(x)))
        return x + writes[-1]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok, self.pos = nn.Embedding(V, D), nn.Embedding(T, D)
        self.blocks = nn.ModuleList(Block() for _ in range(N))
        self.ln_f, self.unembed = nn.LayerNorm(D), nn.Linear(D, V)

    def forward(self, ids):
        x = self.tok(ids) + self.pos(torch.arange(T))
        writes, streams = [x], [x]  # what each component adds; the stream after each
        for block in self.blocks:
            x = block(x, writes)
            streams.append(x)
        return self.unembed(self.ln_f(x)), writes, streams


def batch(n):  # the task: predict the token two positions back (needs attention)
    ids = torch.randint(V, (n, T))
    return ids, ids.roll(2, dims=1)


model = Model()
opt = torch.optim.Adam(model.parameters(), lr=5e-3)
for _ in range(250):
    ids, y = batch(64)
    logits, _, _ = model(ids)
    loss = F.cross_entropy(logits[:, 2:].reshape(-1, V), y[:, 2:].reshape(-1))
    opt.zero_grad()
    loss.backward()
    opt.step()

with torch.no_grad():
    ids, y = batch(256)
    logits, writes, streams = model(ids)
    # the final stream is exactly the embedding plus what every sublayer wrote
    print(len(writes), torch.allclose(streams[-1], sum(writes), atol=1e-5))
    # > 7 True
    # logit lens: read every intermediate stream with the final LayerNorm + unembed
    for i, s in enumerate(streams):
        guess = model.unembed(model.ln_f(s)).argmax(-1)[:, 2:]
        acc = (guess == y[:, 2:]).float().mean().item()
        print(f"stream after {'embedding' if i == 0 else f'block {i}'}: {acc:.1f}")
        # > stream after embedding: 0.1
        # > stream after block 1: 0.8
        # > stream after block 2: 1.0
        # > stream after block 3: 1.0
    # freeze ln_f's scale (each token's std) and it is linear: the logits split
    # exactly into one term per component, plus a constant
    x = streams[-1]
    std = (x.var(-1, unbiased=False, keepdim=True) + model.ln_f.eps).sqrt()
    W_U, gain = model.unembed.weight, model.ln_f.weight
    terms = [((c - c.mean(-1, keepdim=True)) / std * gain) @ W_U.T for c in writes]
    const = model.ln_f.bias @ W_U.T + model.unembed.bias
    print(torch.allclose(sum(terms) + const, logits, atol=1e-4))
    # > True
    # direct logit attribution: what each component adds to the right token's logit
    names = ["embed"] + [f"{k}{b}" for b in range(1, N + 1) for k in ("attn", "mlp")]
    right = torch.stack([t[:, 2:].gather(-1, y[:, 2:, None]).mean() for t in terms])
    print([names[i] for i in right.argsort(descending=True)[:4]])  # the largest four
    # > ['mlp3', 'attn2', 'attn1', 'mlp2']
