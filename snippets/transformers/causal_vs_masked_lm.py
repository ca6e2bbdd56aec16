import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
V, E, L = 50, 32, 8
MASK_ID = 0
emb, head = nn.Embedding(V, E), nn.Linear(E, V)
block = nn.TransformerEncoderLayer(E, 4, 64, dropout=0.0, batch_first=True)
tokens = torch.randint(1, V, (64, L))
probe = torch.randn(E)  # a random readout (a LayerNorm output sums to 0)


def depends_on(mask):  # which input positions reach the output at position 3?
    x = emb(tokens).detach().requires_grad_()
    (block(x, src_mask=mask)[:, 3] @ probe).sum().backward()
    return (x.grad.abs().sum((0, 2)) > 0).int().tolist()


causal = nn.Transformer.generate_square_subsequent_mask(L)  # -inf above diagonal
print("causal (GPT):       ", depends_on(causal))
# > causal (GPT):        [1, 1, 1, 1, 0, 0, 0, 0]
print("bidirectional (BERT):", depends_on(None))
# > bidirectional (BERT): [1, 1, 1, 1, 1, 1, 1, 1]

# causal LM: every position predicts the NEXT token; shift by one
logits = head(block(emb(tokens), src_mask=causal, is_causal=True))
clm = F.cross_entropy(logits[:, :-1].reshape(-1, V), tokens[:, 1:].reshape(-1))
print("CLM targets:", tokens[:, 1:].numel())
# > CLM targets: 448

# masked LM (BERT): pick 15% of positions; of those 80% -> [MASK], 10% -> a random
# token, 10% unchanged; predict the ORIGINAL token at the picked positions only
picked = torch.rand(tokens.shape) < 0.15
labels = tokens.masked_fill(~picked, -100)  # -100: cross_entropy's ignore_index
r = torch.rand(tokens.shape)
inputs = tokens.clone()
inputs[picked & (r < 0.8)] = MASK_ID
swap = picked & (r >= 0.8) & (r < 0.9)
inputs[swap] = torch.randint(1, V, (int(swap.sum()),))
logits = head(block(emb(inputs)))  # no mask: every token sees both sides
mlm = F.cross_entropy(logits.reshape(-1, V), labels.reshape(-1))
print(f"MLM targets: {int(picked.sum())} of {tokens.numel()}")
# > MLM targets: 81 of 512
# the loss averages over the picked positions alone
per_token = F.cross_entropy(logits.reshape(-1, V), tokens.reshape(-1), reduction="none")
print(torch.allclose(mlm, per_token[picked.reshape(-1)].mean()))
# > True
