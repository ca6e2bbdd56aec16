import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Embedding(10, 8), nn.Linear(8, 10))  # a tiny "LM"
tokens = torch.randint(0, 10, (4, 6))
targets = torch.randint(0, 10, (4, 6))
targets[0, 2:] = -100  # padding: ignore_index, not in the loss
targets[1, 1:] = -100
micro = [(tokens[:2], targets[:2]), (tokens[2:], targets[2:])]
print([(y != -100).sum().item() for _, y in micro])  # real tokens per micro-batch
# > [3, 12]


def token_loss(x, y, reduction):
    logits = model(x).flatten(0, 1)
    return F.cross_entropy(logits, y.flatten(), ignore_index=-100, reduction=reduction)


def grads():
    g = [p.grad.clone() for p in model.parameters()]
    model.zero_grad()
    return g


def same(a, b):
    return all(torch.allclose(u, v, atol=1e-6) for u, v in zip(a, b, strict=True))


token_loss(tokens, targets, "mean").backward()  # the big batch: mean over 15 tokens
big = grads()

# mean per micro-batch, / steps: each of the 3 tokens weighs 4x one of the 12
for x, y in micro:
    (token_loss(x, y, "mean") / len(micro)).backward()
print(same(grads(), big))
# > False

# sum per micro-batch, / the real tokens of the whole accumulation window, counted from
# the window's targets before the first backward
n_tokens = sum((y != -100).sum() for _, y in micro)
for x, y in micro:
    (token_loss(x, y, "sum") / n_tokens).backward()
print(same(grads(), big))
# > True

# or count while you go: backward the plain sums, then divide every .grad by the count
# before clipping and stepping
counted = 0
for x, y in micro:
    token_loss(x, y, "sum").backward()
    counted += (y != -100).sum()
for p in model.parameters():
    p.grad /= counted
print(same(grads(), big))
# > True
