import torch
from torch import nn

torch.manual_seed(0)
d, ff, r, m, n_virtual = 512, 2048, 8, 64, 10
layer = nn.TransformerEncoderLayer(d, nhead=8, dim_feedforward=ff, batch_first=True)
total = sum(p.numel() for p in layer.parameters())
print("full fine-tuning:", total)
# > full fine-tuning: 3152384


def count(params):
    return sum(p.numel() for p in params)


# LoRA (r=8) on the query and value projections: B @ A added to each
lora = [nn.Parameter(torch.zeros(d, r)) for _ in "qv"] + [
    nn.Parameter(torch.randn(r, d)) for _ in "qv"
]
# Bottleneck adapter (Houlsby): d -> m -> d, after attention and after the FFN
adapters = nn.ModuleList(
    nn.Sequential(nn.Linear(d, m), nn.ReLU(), nn.Linear(m, d)) for _ in range(2)
)
# Prompt tuning: 10 trainable input embeddings; prefix tuning: 10 keys and 10
# values at every layer (one layer here)
prompt = nn.Parameter(torch.randn(n_virtual, d))
prefix = nn.Parameter(torch.randn(n_virtual, 2, d))
# BitFit: unfreeze the existing bias vectors only
bitfit = [p for name, p in layer.named_parameters() if name.endswith("bias")]
# IA3: learned scales on keys, values and the FFN's hidden units
ia3 = [nn.Parameter(torch.ones(n)) for n in (d, d, ff)]

for name, params in [
    ("LoRA r=8 on q,v", lora),
    ("adapters m=64, x2", list(adapters.parameters())),
    ("prefix tuning, 10", [prefix]),
    ("prompt tuning, 10", [prompt]),
    ("BitFit (biases)", bitfit),
    ("IA3 (k, v, ffn)", ia3),
]:
    n = count(params)
    print(f"{name:18s} {n:7d}  {n / total:.3%}")
    # > LoRA r=8 on q,v      16384  0.520%
    # > adapters m=64, x2   132224  4.194%
    # > prefix tuning, 10    10240  0.325%
    # > prompt tuning, 10     5120  0.162%
    # > BitFit (biases)       5632  0.179%
    # > IA3 (k, v, ffn)       3072  0.097%

print("LoRA = 2 * r * (d + d):", count(lora) == 2 * r * (d + d))
# > LoRA = 2 * r * (d + d): True
# Prompt tuning changes the input only: the frozen layer sees 10 more positions
x = torch.randn(2, 5, d)
out = layer(torch.cat([prompt.expand(2, -1, -1), x], dim=1))
print(tuple(out.shape))
# > (2, 15, 512)
