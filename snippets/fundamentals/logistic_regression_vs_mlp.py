import torch
from torch import nn

torch.manual_seed(0)
X = torch.randn(200, 2)
y = ((X[:, :1] + 0.5 * X[:, 1:] + 0.8 * torch.randn(200, 1)) > 0).float()  # noisy
loss_fn = nn.BCEWithLogitsLoss()


def train(model, steps, lr=2.0):  # full-batch gradient descent: p -= lr * grad
    for _ in range(steps):
        loss = loss_fn(model(X), y)
        grads = torch.autograd.grad(loss, list(model.parameters()))
        with torch.no_grad():
            for p, g in zip(model.parameters(), grads, strict=True):
                p -= lr * g
    return loss.item()


# logistic regression: one Linear, sigmoid inside the loss; convex in (w, b)
fits = []
for init in [0.0, 5.0]:
    lr_model = nn.Linear(2, 1)
    nn.init.constant_(lr_model.weight, init)
    nn.init.constant_(lr_model.bias, -init)
    loss = train(lr_model, steps=200)
    fits.append(torch.cat([lr_model.weight.flatten(), lr_model.bias]).detach())
    print(f"init {init}: loss {loss:.4f}, (w, b) =", [f"{v:.3f}" for v in fits[-1]])
    # > init 0.0: loss 0.4224, (w, b) = ['2.351', '1.151', '-0.113']
    # > init 5.0: loss 0.4224, (w, b) = ['2.351', '1.151', '-0.113']
print(torch.allclose(fits[0], fits[1], atol=1e-3))
# > True


def lr_loss(theta):  # the same loss as a function of (w1, w2, b)
    return loss_fn(X @ theta[:2, None] + theta[2], y)


# convex: the Hessian X^T diag(p (1 - p)) X / n is positive definite everywhere
for theta in [fits[0], torch.randn(3)]:
    H = torch.autograd.functional.hessian(lr_loss, theta)
    print(
        "smallest Hessian eigenvalue:", round(torch.linalg.eigvalsh(H).min().item(), 4)
    )
    # > smallest Hessian eigenvalue: 0.0347
    # > smallest Hessian eigenvalue: 0.0506
# one minimum from any start needs a step below 2 / L; L = lambda_max(A^T A) / (4n)
# bounds the Hessian (A: X with a column of ones)
A = torch.cat([X, torch.ones(200, 1)], 1)
print(f"2 / L = {2 / (torch.linalg.eigvalsh(A.T @ A / 200).max().item() / 4):.1f}")
# > 2 / L = 6.8
for init in [0.0, 5.0]:  # at lr 30 the two starts end apart, neither at the minimum
    big = nn.Linear(2, 1)
    nn.init.constant_(big.weight, init)
    nn.init.constant_(big.bias, -init)
    print(f"lr 30, init {init}: loss {train(big, steps=200, lr=30.0):.4f}")
    # > lr 30, init 0.0: loss 2.2220
    # > lr 30, init 5.0: loss 0.4899
# a small MLP: same data, same loss, two seeds, two different solutions
mlps = []
for seed in [0, 1]:
    torch.manual_seed(seed)
    mlp = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 1))
    loss = train(mlp, steps=400)
    print(
        f"seed {seed}: loss {loss:.4f}, W1[0] =", [f"{v:.2f}" for v in mlp[0].weight[0]]
    )
    # > seed 0: loss 0.4027, W1[0] = ['0.17', '0.84']
    # > seed 1: loss 0.4034, W1[0] = ['0.63', '-0.54']
    mlps.append(mlp)
# non-convex: permuting hidden units keeps the loss; the midpoint is worse
perm = torch.roll(torch.arange(8), 1)
twin = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 1))
mid = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 1))
with torch.no_grad():
    m = mlps[0]
    twin[0].weight.copy_(m[0].weight[perm])
    twin[0].bias.copy_(m[0].bias[perm])
    twin[2].weight.copy_(m[2].weight[:, perm])
    twin[2].bias.copy_(m[2].bias)
    params = zip(mid.parameters(), m.parameters(), twin.parameters(), strict=True)
    for p_mid, p, q in params:
        p_mid.copy_((p + q) / 2)
    print([round(loss_fn(n(X), y).item(), 4) for n in (m, twin, mid)])
    # > [0.4027, 0.4027, 0.4523]
