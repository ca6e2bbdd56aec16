import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
V, d, n = 50, 32, 7
CLS = 0  # the [CLS] id of this toy vocabulary
emb, pos = nn.Embedding(V, d), nn.Embedding(n, d)
layer = nn.TransformerEncoderLayer(
    d, 4, 4 * d, dropout=0.0, activation="gelu", batch_first=True
)

ids = torch.cat([torch.tensor([CLS]), torch.randint(1, V, (n - 1,))])[None]
x = (emb(ids) + pos(torch.arange(n))).detach().requires_grad_(True)
h = layer(x)  # bidirectional: no mask
(g,) = torch.autograd.grad(h[0, 0] @ torch.randn(d), x)
reach = (g[0].abs().sum(-1) > 0).nonzero().flatten().tolist()
print("[CLS] output depends on positions:", reach)
# > [CLS] output depends on positions: [0, 1, 2, 3, 4, 5, 6]
# the same token at another position gets another vector: [CLS] is special only
# because it is always first and its output is what the heads are trained on
ids2 = ids.clone()
ids2[0, 3] = CLS
h2 = layer(emb(ids2) + pos(torch.arange(n)))
print("[CLS] at 0 and at 3, same vector:", torch.allclose(h2[0, 0], h2[0, 3]))
# > [CLS] at 0 and at 3, same vector: False

# where the non-linearity is: f(a + b) != f(a) + f(b) for each piece
a, b = torch.randn(2, 5), torch.randn(2, 5)
for name, f in (
    ("softmax", lambda t: t.softmax(-1)),
    ("GELU", F.gelu),
    ("LayerNorm", nn.LayerNorm(5)),
    ("tanh", torch.tanh),
    ("Linear", nn.Linear(5, 5, bias=False)),
):
    print(f"{name:9s} additive: {torch.allclose(f(a + b), f(a) + f(b), atol=1e-6)}")
    # > softmax   additive: False
    # > GELU      additive: False
    # > LayerNorm additive: False
    # > tanh      additive: False
    # > Linear    additive: True
