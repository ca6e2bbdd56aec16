import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
V, d, B, T = 1000, 64, 2, 16
embed, head = nn.Embedding(V, d), nn.Linear(d, V, bias=False)
print(embed.weight.numel(), head.weight.numel())  # V * d each
# > 64000 64000
head.weight = embed.weight  # tying: one V x d matrix serves both
model = nn.Sequential(embed, head)
print(sum(p.numel() for p in model.parameters()))  # parameters() counts it once
# > 64000

tokens = torch.randint(0, V, (B, T))
logits = model(tokens)
print(logits.nbytes, B * T * V * 4)  # float32 logits: B * T * V * 4 bytes
# > 128000 128000

saved = []  # what autograd keeps for the backward of the loss


def keep(t):
    saved.append(t)
    return t


with torch.autograd.graph.saved_tensors_hooks(keep, lambda t: t):
    loss = F.cross_entropy(logits.flatten(0, 1), tokens.flatten())
storage = {t.untyped_storage().data_ptr(): t for t in saved if t.dim() == 2}
print([tuple(t.shape) for t in storage.values()])  # one (B*T, V) tensor: log_softmax
# > [(32, 1000)]
print(logits.untyped_storage().data_ptr() in storage)  # a second one, not the logits
# > False

# At scale: V = 128,000 and d = 4096 (Llama 3 8B), a batch of 8 x 4096 tokens
V, d, B, T = 128_000, 4096, 8, 4096
print(f"{V * d / 1e6:.0f}M parameters per V x d matrix")
# > 524M parameters per V x d matrix
print(f"{B * T * V * 4 / 2**30:.1f} GiB of float32 logits")
# > 15.6 GiB of float32 logits
print(f"{2 * B * T * d * V / 1e12:.0f} TFLOPs for the output matmul, forward")
# > 34 TFLOPs for the output matmul, forward
