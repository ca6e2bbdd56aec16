import torch
from torch import nn


class TinyLM(nn.Module):
    def __init__(self, vocab=100, dim=16):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.norm = nn.BatchNorm1d(dim)  # 2 * dim parameters plus running-stat buffers
        self.head = nn.Linear(dim, vocab, bias=False)
        self.head.weight = self.embed.weight  # weight tying: one tensor, two names


model = TinyLM()
model.norm.requires_grad_(False)  # frozen: still a parameter, no longer trainable

# parameters() yields a shared tensor once
total = sum(p.numel() for p in model.parameters())
trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
print(total, trainable)
# > 1632 1600
# state_dict lists the tied tensor twice, plus buffers
print(sum(v.numel() for v in model.state_dict().values()))
# > 3265
# buffers + the tied alias
print([k for k in model.state_dict() if k not in dict(model.named_parameters())])
# > ['norm.running_mean', 'norm.running_var', 'norm.num_batches_tracked', 'head.weight']
# remove_duplicate=False: the tied tensor twice, no buffers
print(sum(p.numel() for _, p in model.named_parameters(remove_duplicate=False)))
# > 3232

# A lazy module has no shapes before its first forward: counting raises, run one batch
lazy = nn.Sequential(nn.LazyLinear(4), nn.Linear(4, 2))
try:
    sum(p.numel() for p in lazy.parameters())
except ValueError as e:
    print(str(e)[:42])
    # > Attempted to use an uninitialized paramete
lazy(torch.ones(1, 3))  # in_features inferred: 3
print(sum(p.numel() for p in lazy.parameters()))
# > 26
