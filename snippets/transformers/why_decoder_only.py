import torch
from torch import nn

torch.manual_seed(0)
d, n = 32, 6
layer = nn.TransformerEncoderLayer(d, 4, 64, dropout=0.0, batch_first=True)
causal = nn.Transformer.generate_square_subsequent_mask(n)
probe = torch.randn(d)


def seen_by(mask):
    """For each output position, how many input positions its value depends on."""
    x = torch.randn(1, n, d, requires_grad=True)
    out = layer(x, src_mask=mask) @ probe  # a random readout of each output
    counts = []
    for i in range(n):
        (g,) = torch.autograd.grad(out[0, i], x, retain_graph=True)
        counts.append(int((g[0].abs().sum(-1) > 0).sum()))
    return counts


print("decoder (causal):", seen_by(causal))
# > decoder (causal): [1, 2, 3, 4, 5, 6]
print("encoder (bidirectional):", seen_by(None))
# > encoder (bidirectional): [6, 6, 6, 6, 6, 6]

# cost per token of a forward pass, about 2 FLOPs per parameter
bert_base, llama_7b = 110e6, 6.7e9  # parameter counts from the two papers
print(
    f"{2 * bert_base / 1e9:.2f} vs {2 * llama_7b / 1e9:.1f} GFLOP per token,"
    f" {llama_7b / bert_base:.0f}x"
)
# > 0.22 vs 13.4 GFLOP per token, 61x
