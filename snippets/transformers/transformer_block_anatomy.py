import torch
from torch import nn

torch.manual_seed(0)
# vocab, max length, width, heads, FFN width, layers
V, T, d, h, ff, N = 100, 16, 64, 4, 256, 2


class TinyTransformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(V, d)  # token embedding
        self.pos = nn.Embedding(T, d)  # learned positions, added once at the input
        self.blocks = nn.ModuleList(
            nn.TransformerEncoderLayer(
                d, h, ff, dropout=0.0, batch_first=True, norm_first=True
            )
            for _ in range(N)
        )
        self.norm = nn.LayerNorm(d)  # final norm of a pre-norm stack
        self.head = nn.Linear(d, V)  # output head: logits over the vocabulary

    def forward(self, ids):
        x = self.tok(ids) + self.pos(torch.arange(ids.shape[1]))
        for block in self.blocks:
            x = block(x)
        return self.head(self.norm(x))


model = TinyTransformer()
block = model.blocks[0]
print([name for name, _ in block.named_children() if "dropout" not in name])
# > ['self_attn', 'linear1', 'linear2', 'norm1', 'norm2']

# one pre-norm block by hand: x + attn(norm1(x)), then + FFN(norm2(.))
x = torch.randn(2, T, d)
a = block.norm1(x)
y = x + block.self_attn(a, a, a, need_weights=False)[0]
y = y + block.linear2(torch.relu(block.linear1(block.norm2(y))))
print(torch.allclose(y, block(x), atol=1e-5))
# > True

# parameters by hand
attn = 4 * d * d + 4 * d  # W_q, W_k, W_v, W_o and their biases
ffn = d * ff + ff + ff * d + d  # linear1, linear2
norms = 2 * 2 * d  # norm1, norm2: weight and bias
per_block = attn + ffn + norms
total = V * d + T * d + N * per_block + 2 * d + d * V + V
print(per_block, sum(p.numel() for p in block.parameters()))
# > 49984 49984
print(total, sum(p.numel() for p in model.parameters()))
# > 114020 114020
print(model(torch.randint(V, (2, T))).shape)  # (batch, positions, vocab)
# > torch.Size([2, 16, 100])
# nn.Transformer is the two stacks alone: no embedding, no positions, no output head
tf = nn.Transformer(d, h, 1, 1, ff, batch_first=True)
print([name for name, _ in tf.named_children()])
# > ['encoder', 'decoder']
