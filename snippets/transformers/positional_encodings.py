import torch
import torch.nn as nn

torch.manual_seed(0)
L, d = 6, 16
attn = nn.MultiheadAttention(d, 2, batch_first=True)
x = torch.randn(1, L, d)
perm = torch.randperm(L)


def self_attention(h, mask=None):
    return attn(h, h, h, attn_mask=mask, need_weights=False)[0]


# no positions: permuting the tokens permutes the outputs, nothing else changes
print(torch.allclose(self_attention(x[:, perm]), self_attention(x)[:, perm], atol=1e-6))
# > True
# a causal mask alone already breaks the symmetry: token i sees a prefix of length i + 1
causal = torch.ones(L, L, dtype=torch.bool).triu(1)  # MHA: True = masked out
print(
    torch.allclose(
        self_attention(x[:, perm], causal),
        self_attention(x, causal)[:, perm],
        atol=1e-6,
    )
)
# > False

# sinusoidal: a fixed vector per position, added to the embeddings once
pos = torch.arange(L)[:, None]
freq = 10000 ** (-torch.arange(0, d, 2) / d)
sinusoidal = torch.stack([torch.sin(pos * freq), torch.cos(pos * freq)], -1).flatten(1)
with_pe = self_attention(x[:, perm] + sinusoidal)
print(torch.allclose(with_pe, self_attention(x + sinusoidal)[:, perm], atol=1e-6))
# > False

# learned: a table with one row per position, nothing past max_len
learned = nn.Embedding(L, d)
try:
    learned(torch.arange(L + 1))
except IndexError as e:
    print(e)
    # > index out of range in self


# RoPE: rotate q and k (in every layer) by angles proportional to the position
def rope(t, position):
    half = t.shape[-1] // 2
    angle = position * 10000 ** (-torch.arange(half) / half)
    t1, t2 = t[:half], t[half:]
    return torch.cat(
        [t1 * angle.cos() - t2 * angle.sin(), t1 * angle.sin() + t2 * angle.cos()]
    )


q, k = torch.randn(d), torch.randn(d)
scores = {(m, n): rope(q, m) @ rope(k, n) for m, n in [(5, 2), (105, 102), (5, 3)]}
# for the same q and k, the score depends on m - n, not on where the pair sits
print(torch.isclose(scores[5, 2], scores[105, 102], atol=1e-4).item())
# > True
print(torch.isclose(scores[5, 2], scores[5, 3], atol=1e-4).item())
# > False
