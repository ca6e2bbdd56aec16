import torch
import torch.nn.functional as F

torch.manual_seed(0)
N, T, C = 2, 5, 3  # batch, tokens, vocabulary
logits = torch.randn(N, T, C)  # what a language-model head returns
target = torch.randint(0, C, (N, T))

# cross_entropy wants the classes in dim 1: (N, C, T)
try:
    F.cross_entropy(logits, target)
except RuntimeError as e:
    print(e)
    # > Expected target size [2, 3], got [2, 5]
right = F.cross_entropy(logits.transpose(1, 2), target)
flat = F.cross_entropy(logits.reshape(-1, C), target.reshape(-1))  # the usual spelling
print(torch.allclose(right, flat))
# > True

# when T == C the wrong layout is accepted: classes and tokens swapped, no error
square = torch.randn(N, C, C)
square_target = torch.randint(0, C, (N, C))
wrong = F.cross_entropy(square, square_target)
right = F.cross_entropy(square.transpose(1, 2), square_target)
print(round(wrong.item(), 4), round(right.item(), 4))
# > 1.208 1.8308
