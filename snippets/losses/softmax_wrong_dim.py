import math

import torch
import torch.nn.functional as F

torch.manual_seed(0)
N, C = 96, 3
y = torch.arange(N) % C  # 32 samples per class
x = torch.randn(C, 2)[y] * 3 + torch.randn(N, 2)  # three blobs


def train(dim):
    torch.manual_seed(0)
    model = torch.nn.Linear(2, C)
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    losses = []
    for _ in range(200):
        loss = F.nll_loss(F.log_softmax(model(x), dim=dim), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(round(loss.item(), 3))
    return model, losses[0], losses[-1]


# over the classes (right), over the batch (the bug): first and last loss,
# training accuracy, and the smallest row sum of the "probabilities"
for dim in (1, 0):
    model, first, last = train(dim)
    with torch.no_grad():
        probs = F.softmax(model(x), dim=dim)
        accuracy = (probs.argmax(dim=1) == y).float().mean().item()
        row_sums = probs.sum(dim=1)
    print(dim, first, last, round(accuracy, 2), round(row_sums.min().item(), 3))
    # > 1 1.835 0.006 1.0 1.0
    # > 0 5.277 3.646 1.0 0.007

# with dim=0 each class's column is a distribution over the batch: its N / C
# samples share a probability of at most 1, so the loss cannot go below ln(N / C),
# reached only when each column is uniform over its own class and 0 elsewhere
ideal = torch.where(F.one_hot(y, C).bool(), 0.0, -1e4)
print(round(F.nll_loss(F.log_softmax(ideal, dim=0), y).item(), 3))
# > 3.466
print(round(math.log(N / C), 3))
# > 3.466
# the trained model on half the batch: a lower loss with the same weights
model, _, _ = train(0)
with torch.no_grad():
    half = F.nll_loss(F.log_softmax(model(x[:48]), dim=0), y[:48])
print(round(half.item(), 3), round(math.log(48 / C), 3))
# > 2.96 2.773

# the checks that catch it: rows sum to 1, and a sample's output is the same
# alone as in a batch
with torch.no_grad():
    probs = F.softmax(model(x), dim=0)
    print(torch.allclose(probs.sum(dim=-1), torch.ones(N)))
    # > False
    print(F.softmax(model(x[:1]), dim=0))  # a batch of one: every class has p = 1
    # > tensor([[1., 1., 1.]])
