import torch
from torch import nn

torch.manual_seed(0)
hidden, V = 512, 50_000
full = nn.Linear(hidden, V)
# Head: the 2,000 most frequent words + 2 cluster tokens; two tail clusters with
# projections shrunk by div_value=4 each step (512 -> 128 -> 32)
asm = nn.AdaptiveLogSoftmaxWithLoss(hidden, V, cutoffs=[2_000, 10_000], div_value=4.0)


def count(m):
    return sum(p.numel() for p in m.parameters())


print(f"{count(full):,} vs {count(asm):,}")
# > 25,650,000 vs 3,410,944
print(asm.head.out_features, [tuple(c[1].weight.shape) for c in asm.tail])
# > 2002 [(8000, 128), (40000, 32)]
print(asm.head.bias, {m.bias for c in asm.tail for m in c})  # head_bias=False default
# > None {None}

x = torch.randn(8, hidden)
target = torch.tensor([5, 1_999, 2_000, 9_999, 10_000, 49_999, 7, 30_000])
logp = asm.log_prob(x)  # (8, 50000): a full distribution per row
print(tuple(logp.shape), torch.allclose(logp.logsumexp(-1), torch.zeros(8), atol=1e-5))
# > (8, 50000) True

rows = []  # how many rows each tail cluster computes in the training forward
for c in asm.tail:
    c.register_forward_hook(lambda m, inp, o: rows.append(inp[0].shape[0]))
out = asm(x, target)  # output: log p(target) per row; loss: their negative mean
print(rows)  # only the rows whose target falls in that cluster
# > [2, 3]
print(torch.allclose(out.output, logp.gather(1, target[:, None]).squeeze(1)))
# > True
print(torch.allclose(out.loss, -out.output.mean()))
# > True
print(asm.predict(x).equal(logp.argmax(-1)))
# > True
