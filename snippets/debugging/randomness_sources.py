import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
N, D, C = 600, 20, 3
X = torch.randn(2 * N, D)
y = (X @ torch.randn(D, C) + torch.randn(2 * N, C)).argmax(1)  # 3 classes, noisy
X_train, y_train, X_test, y_test = X[:N], y[:N], X[N:], y[N:]


def run(init=0, order=0, dropout=0, epochs=15):
    """One training run; each source of randomness has a seed of its own."""
    torch.manual_seed(init)  # 1. the initial weights
    model = nn.Sequential(
        nn.Linear(D, 64), nn.ReLU(), nn.Dropout(0.3), nn.Linear(64, C)
    )
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    shuffle = torch.Generator().manual_seed(order)  # 2. the order of the data
    torch.manual_seed(1000 + dropout)  # 3. the dropout masks (the global generator)
    for _ in range(epochs):
        for idx in torch.randperm(N, generator=shuffle).split(32):
            opt.zero_grad()
            F.cross_entropy(model(X_train[idx]), y_train[idx]).backward()
            opt.step()
    model.eval()
    with torch.no_grad():
        return model(X_test).softmax(1)  # test-set probabilities


def accuracy(probs):
    return (probs.argmax(1) == y_test).float().mean().item()


print(torch.equal(run(), run()))  # every seed fixed: the same run, bit for bit
# > True
seeds = range(5)
for source in ("init", "order", "dropout"):  # vary one source, hold the others
    acc = torch.tensor([accuracy(run(**{source: s})) for s in seeds])
    print(f"{source:8} test accuracy {acc.min():.3f} to {acc.max():.3f}")
    # > init     test accuracy 0.847 to 0.855
    # > order    test accuracy 0.847 to 0.862
    # > dropout  test accuracy 0.847 to 0.862
runs = [run(init=s, order=s, dropout=s) for s in seeds]
acc = torch.tensor([accuracy(p) for p in runs])
print(f"all      test accuracy {acc.min():.3f} to {acc.max():.3f}")
# > all      test accuracy 0.847 to 0.865
# the test set's own noise, one binomial standard error at that accuracy
p = acc.mean().item()
se = (p * (1 - p) / len(y_test)) ** 0.5
print(f"one standard error on {len(y_test)} test samples: {se:.3f}")
# > one standard error on 600 test samples: 0.014

# the five runs as an ensemble: its log loss is at most the members' mean (convexity)
ensemble = torch.stack(runs).mean(0)
single = torch.tensor([F.nll_loss(p.log(), y_test).item() for p in runs])
ensemble_loss = F.nll_loss(ensemble.log(), y_test)
print(f"log loss: single runs {single.mean():.3f}, ensemble {ensemble_loss:.3f}")
# > log loss: single runs 0.391, ensemble 0.343
print(f"accuracy: single runs {acc.mean():.3f}, ensemble {accuracy(ensemble):.3f}")
# > accuracy: single runs 0.855, ensemble 0.863
