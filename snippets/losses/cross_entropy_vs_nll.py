import math

import torch
import torch.nn.functional as F

torch.manual_seed(0)
logits = torch.randn(4, 3)
target = torch.tensor([0, 2, 1, 2])
log_probs = F.log_softmax(logits, dim=1)

# cross_entropy = log_softmax + nll_loss; nll_loss just picks -input[i, target[i]]
print(torch.allclose(F.cross_entropy(logits, target), F.nll_loss(log_probs, target)))
# > True
print(
    torch.allclose(F.nll_loss(log_probs, target), -log_probs[range(4), target].mean())
)
# > True

# log-probs into cross_entropy: harmless, log_softmax of log-probs changes nothing
print(
    torch.allclose(F.cross_entropy(log_probs, target), F.cross_entropy(logits, target))
)
# > True
# probabilities into cross_entropy: a softmax too many, a different loss, no error
print(round(F.cross_entropy(logits.softmax(dim=1), target).item(), 4))
# > 0.9706
print(round(F.cross_entropy(logits, target).item(), 4))
# > 0.9357
# and its floor is not 0: a perfect one-hot output still scores ln(e + C - 1) - 1
perfect = F.one_hot(target, 3).float()
print(
    round(F.cross_entropy(perfect, target).item(), 4),
    round(math.log(math.e + 2) - 1, 4),
)
# > 0.5514 0.5514

# into nll_loss: probabilities give -mean(p), in [-1, 0]; a real NLL is >= 0
print(round(F.nll_loss(logits.softmax(dim=1), target).item(), 4))  # -mean(p)
# > -0.496
model = torch.nn.Linear(5, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(4, 5)
for step in range(101):
    loss = F.nll_loss(model(x), target)  # raw logits: -mean(logit), unbounded
    opt.zero_grad()
    loss.backward()
    opt.step()
    if step % 50 == 0:
        print(step, round(loss.item(), 2))
        # > 0 -0.21
        # > 50 -9.24
        # > 100 -18.26
