import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
chars = "<>abcdefgh "  # "<" begins, ">" is EOS
encode = lambda s: [chars.index(c) for c in s]  # noqa: E731
decode = lambda ids: "".join(chars[i] for i in ids)  # noqa: E731


class TinyLM(nn.Module):  # one causal attention layer, with an optional KV cache
    def __init__(self, V=11, d=16):
        super().__init__()
        self.emb, self.pos = nn.Embedding(V, d), nn.Embedding(64, d)
        self.qkv, self.head = nn.Linear(d, 3 * d), nn.Linear(d, V)

    def forward(self, ids, cache=None):
        start = 0 if cache is None else cache[0].shape[1]
        x = self.emb(ids) + self.pos(torch.arange(start, start + ids.shape[1]))
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        if cache is not None:  # append this call's keys and values to the cache
            k, v = torch.cat([cache[0], k], 1), torch.cat([cache[1], v], 1)
        mask = torch.ones(q.shape[1], k.shape[1], dtype=torch.bool).tril(start)
        h = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.head(x + h), (k, v)


model = TinyLM().eval()


def generate(prompt, stop, max_new_tokens=6):
    ids = torch.tensor([encode(prompt)])  # 1. tokenize
    empty = (torch.zeros(1, 0, 16), torch.zeros(1, 0, 16))
    logits, cache = model(ids, empty)  # 2. prefill: the whole prompt, one forward
    calls, out, reason = [ids.shape[1]], [], "max_new_tokens"
    for _ in range(max_new_tokens):  # 3. decode: one token per forward
        nxt = logits[0, -1].argmax().item()  # greedy; sampling would go here
        if nxt == chars.index(">"):
            reason = "eos"
            break
        out.append(nxt)
        if stop in decode(out):  # the stop string, matched on the decoded text
            reason = "stop string"
            break
        logits, cache = model(torch.tensor([[nxt]]), cache)
        calls.append(1)
    return out, reason, calls, logits, cache


with torch.inference_mode():
    out, reason, calls, logits, cache = generate("<abc", stop="hh")
    print("generated:", repr(decode(out)), "stopped by", reason)  # 4. detokenize
    # > generated: 'eb' stopped by eos
    print("forward calls:", len(calls), "tokens per call:", calls)
    # > forward calls: 3 tokens per call: [4, 1, 1]
    print("cache holds", cache[0].shape[1], "positions")
    # > cache holds 6 positions
    # The cached decode gives the logits of a full forward without a cache
    fed = torch.tensor([encode("<abc") + out])[:, : cache[0].shape[1]]
    full, _ = model(fed)
    print("same as no cache:", torch.allclose(full[0, -1], logits[0, -1], atol=1e-5))
    # > same as no cache: True
    # A stop string of 2 tokens: no single token id equals it, the text does
    out2, reason2, calls2, _, _ = generate("<abc", stop="eb")
    vocab = [decode([i]) for i in range(len(chars))]
    print("'eb' is", len(encode("eb")), "tokens, one token:", "eb" in vocab)
    # > 'eb' is 2 tokens, one token: False
    print("stopped by", reason2, "after forward calls", calls2)
    # > stopped by stop string after forward calls [4, 1]
    print("returned text without it:", repr(decode(out2).split("eb")[0]))
    # > returned text without it: ''

# Training: teacher forcing, every position in one forward, then backward
model.train()
seq = torch.tensor([encode("<abc def>")])
logits, _ = model(seq[:, :-1])
loss = F.cross_entropy(logits[0], seq[0, 1:])
loss.backward()
print(
    "training: 1 forward over",
    logits.shape[1],
    "positions, grad:",
    model.head.weight.grad is not None,
)
# > training: 1 forward over 8 positions, grad: True
