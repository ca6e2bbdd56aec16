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
    for _ in range(200):
        loss = F.nll_loss(F.log_softmax(model(x), dim=dim), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return model, loss.item()


for dim in (1, 0):  # over the classes (right), over the batch (the bug)
    model, loss = train(dim)
    with torch.no_grad():
        probs = F.softmax(model(x), dim=dim)
        accuracy = (probs.argmax(dim=1) == y).float().mean().item()
        row_sums = probs.sum(dim=1)
    print(dim, round(loss, 3), round(accuracy, 2), round(row_sums.min().item(), 3))
    # > 1 0.006 1.0 1.0
    # > 0 3.646 1.0 0.007

# with dim=0 the loss cannot go below ln(N / C): it depends on the batch size
print(round(math.log(N / C), 3))
# > 3.466

# the checks that catch it: rows sum to 1, and a sample's output is the same
# alone as in a batch
model, _ = train(0)
with torch.no_grad():
    probs = F.softmax(model(x), dim=0)
    print(torch.allclose(probs.sum(dim=-1), torch.ones(N)))
    # > False
    print(F.softmax(model(x[:1]), dim=0))  # a batch of one: every class has p = 1
    # > tensor([[1., 1., 1.]])
