import torch
import torch.nn.functional as F

torch.manual_seed(0)
vocab = {}


def tok(text):  # a toy word-level tokenizer
    return [vocab.setdefault(w, len(vocab)) for w in text.split()]


def apply_template(messages):
    """Messages -> one token sequence with role markers, and SFT labels."""
    ids, labels = [], []
    for m in messages:
        header, body = tok(f"<|{m['role']}|>"), tok(f"{m['content']} <|end|>")
        ids += header + body
        # train on the assistant's reply and its end marker, nothing else
        train = m["role"] == "assistant"
        labels += [-100] * len(header) + [t if train else -100 for t in body]
    return ids, labels


a_ids, a_lab = apply_template(
    [{"role": "user", "content": "add 2 3"}, {"role": "assistant", "content": "5"}]
)
b_ids, b_lab = apply_template(
    [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]
)
words = {i: w for w, i in vocab.items()}
print(" ".join(words[i] for i in a_ids))
# > <|user|> add 2 3 <|end|> <|assistant|> 5 <|end|>
print([words[t] if t != -100 else "-" for t in a_lab])
# > ['-', '-', '-', '-', '-', '-', '5', '<|end|>']

# Packing: two examples in one row; each attends causally to itself only
seg = torch.tensor([0] * len(a_ids) + [1] * len(b_ids))
T = len(seg)
causal = torch.ones(T, T, dtype=torch.bool).tril()
mask = causal & (seg[:, None] == seg[None, :])  # True = may attend
for row in mask.int().tolist():
    print("".join(map(str, row)))
    # > 10000000000000
    # > 11000000000000
    # > 11100000000000
    # > 11110000000000
    # > 11111000000000
    # > 11111100000000
    # > 11111110000000
    # > 11111111000000
    # > 00000000100000
    # > 00000000110000
    # > 00000000111000
    # > 00000000111100
    # > 00000000111110
    # > 00000000111111

# Packed attention equals attending to each example alone
q, k, v = (torch.randn(1, 1, T, 8) for _ in range(3))
packed = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
na = len(a_ids)
alone = torch.cat(
    [
        F.scaled_dot_product_attention(
            q[..., :na, :], k[..., :na, :], v[..., :na, :], is_causal=True
        ),
        F.scaled_dot_product_attention(
            q[..., na:, :], k[..., na:, :], v[..., na:, :], is_causal=True
        ),
    ],
    dim=2,
)
print("packed == separate:", torch.allclose(packed, alone, atol=1e-6))
# > packed == separate: True
leaky = F.scaled_dot_product_attention(q, k, v, is_causal=True)
print("plain causal mask == separate:", torch.allclose(leaky, alone, atol=1e-6))
# > plain causal mask == separate: False
