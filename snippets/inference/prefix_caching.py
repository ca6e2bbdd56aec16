import torch
from torch import nn
from torch.nn import functional as F

torch.manual_seed(0)
VOCAB, DIM, LAYERS = 50, 16, 2


class Tiny(nn.Module):  # causal attention blocks that take and return a KV cache
    def __init__(self):
        super().__init__()
        self.emb, self.pos = nn.Embedding(VOCAB, DIM), nn.Embedding(32, DIM)
        self.qkv = nn.ModuleList(nn.Linear(DIM, 3 * DIM) for _ in range(LAYERS))
        self.head = nn.Linear(DIM, VOCAB)

    def forward(self, tokens, cache=None):  # tokens: (1, new); cache: per layer (k, v)
        start = 0 if cache is None else cache[0][0].shape[1]
        pos = torch.arange(start, start + tokens.shape[1])
        h, new_cache = self.emb(tokens) + self.pos(pos), []
        for i, qkv in enumerate(self.qkv):
            q, k, v = qkv(h).chunk(3, dim=-1)
            if cache is not None:  # the prefix's keys and values, not recomputed
                k, v = torch.cat([cache[i][0], k], 1), torch.cat([cache[i][1], v], 1)
            new_cache.append((k, v))
            # query t sees keys 0..start+t: causal, offset by the cached length
            mask = torch.ones(q.shape[1], k.shape[1]).tril(start).bool()
            h = h + F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.head(h), new_cache


model = Tiny().eval()
prefix = torch.randint(0, VOCAB, (1, 12))  # a shared system prompt
a = torch.cat([prefix, torch.tensor([[3, 4, 5]])], 1)
b = torch.cat([prefix, torch.tensor([[7, 8]])], 1)

with torch.inference_mode():
    _, cache_a = model(a)
    _, cache_b = model(b)
    # causal: the prefix's K and V, in every layer, do not see what follows
    print(
        all(
            torch.allclose(ka[:, :12], kb[:, :12])
            for (ka, _), (kb, _) in zip(cache_a, cache_b, strict=True)
        )
    )
    # > True
    logits_full, _ = model(b)  # recompute all 14 tokens
    _, prefix_cache = model(prefix)  # computed once, reused by every request
    logits_cached, _ = model(b[:, 12:], prefix_cache)  # only the 2 new tokens
    print(torch.allclose(logits_full[:, 12:], logits_cached, atol=1e-6))
    # > True
    # change only the first token: layer 1's later keys stay (each sees its own
    # token), layer 2's all change (each saw token 0 through attention)
    other = prefix.clone()
    other[0, 0] = (other[0, 0] + 1) % VOCAB
    _, cache_o = model(other)
    changed = [  # per layer: how many of the 11 later keys changed
        int((~torch.isclose(ko[0, 1:], kp[0, 1:])).any(-1).sum())
        for (ko, _), (kp, _) in zip(cache_o, prefix_cache, strict=True)
    ]
    print("later keys changed per layer:", changed)
    # > later keys changed per layer: [0, 11]
print("positions computed:", a.shape[1] + b.shape[1], 12 + 3 + 2)
# > positions computed: 29 17
