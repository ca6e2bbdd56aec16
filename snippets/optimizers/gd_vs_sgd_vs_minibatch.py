import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
N, D = 1000, 5
X = torch.randn(N, D)
y = X @ torch.randn(D) + 0.5 * torch.randn(N)
w = torch.zeros(D)

per_sample = 2 * (X @ w - y)[:, None] * X  # one gradient per sample, (N, D)
full = per_sample.mean(0)  # full-batch gradient descent's gradient
sigma2 = ((per_sample - full) ** 2).sum(1).mean()  # one sample's variance
for B in (1, 8, 64):  # B = 1 is SGD in the strict sense
    idx = torch.randint(0, N, (20_000, B))  # 20k batches, drawn with replacement
    g = per_sample[idx].mean(1)  # each batch's mean gradient
    bias = (g.mean(0) - full).norm() / full.norm()
    noise = (sigma2 / (B * 20_000)).sqrt() / full.norm()  # 20k draws' sampling error
    ratio = ((g - full) ** 2).sum(1).mean() / sigma2  # variance vs one sample's
    print(B, round(bias.item(), 3), round(noise.item(), 3), round(ratio.item(), 4))
    # > 1 0.015 0.018 1.0009
    # > 8 0.005 0.006 0.1254
    # > 64 0.003 0.002 0.0156

# drawn without replacement: (N - B) / (N - 1) of sigma2 / B, half of it at B = N / 2
B = 500
idx = torch.rand(2000, N).argsort(1)[:, :B]  # 2000 batches, no sample twice in one
ratio = ((per_sample[idx].mean(1) - full) ** 2).sum(1).mean() / sigma2
print(round(B * ratio.item(), 2), round((N - B) / (N - 1), 2))
# > 0.49 0.5

# what a training loop computes: .grad is the batch mean of the per-sample gradients
model = nn.Linear(D, 1, bias=False)
nn.init.zeros_(model.weight)
loader = DataLoader(
    TensorDataset(X, y),
    batch_size=64,
    shuffle=True,
    generator=torch.Generator().manual_seed(0),
)
sizes = [len(xb) for xb, _ in loader]
print(len(sizes), sizes[0], sizes[-1])  # steps per epoch, first and last batch
# > 16 64 40
matches = []
epoch = torch.zeros(D)  # at a fixed w, the epoch's batch gradients, weighted by size
for xb, yb in loader:
    model.zero_grad()
    nn.MSELoss()(model(xb).squeeze(1), yb).backward()  # reduction="mean"
    mean = (2 * (xb @ w - yb)[:, None] * xb).mean(0)  # the batch's mean gradient
    matches.append(torch.allclose(model.weight.grad[0], mean, atol=1e-5))
    epoch += len(xb) / N * model.weight.grad[0]
print(all(matches), len(matches))  # .grad == the batch mean, on all 16 steps
# > True 16
print(torch.allclose(epoch, full, atol=1e-5))  # the epoch's batches add up to full
# > True
model.zero_grad()
nn.MSELoss(reduction="sum")(model(xb).squeeze(1), yb).backward()
print(torch.allclose(model.weight.grad[0], len(xb) * mean, atol=1e-4))  # B times
# > True
