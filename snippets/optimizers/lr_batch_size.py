import torch

torch.manual_seed(0)
X = torch.randn(100_000, 10)
y = X @ torch.randn(10) + torch.randn(100_000)  # noisy linear data
w = torch.zeros(10)


def grad(idx, w):
    """gradient of the mean-reduced MSE over the samples idx"""
    err = X[idx] @ w - y[idx]
    return 2 * X[idx].T @ err / len(idx)


full = grad(torch.arange(len(X)), w)
# the mean-reduced gradient of a batch of B: same expectation, noise std ~ 1/sqrt(B)
for B in (16, 64, 256, 1024):
    g = torch.stack([grad(torch.randint(0, len(X), (B,)), w) for _ in range(500)])
    noise = (g - full).norm(dim=1).mean().item()
    print(B, round(noise, 2), round(noise * B**0.5, 1))  # noise * sqrt(B): constant
    # > 16 6.11 24.4
    # > 64 3.09 24.7
    # > 256 1.55 24.8
    # > 1024 0.78 25.0


# linear scaling: k steps at batch B and lr ~ 1 step at batch k*B and lr*k,
# as long as w barely moves within the k steps (Goyal et al., 2017)
def sgd(w, lr, batches):
    for idx in batches:
        w = w - lr * grad(idx, w)
    return w


# a step of lr on this loss is stable only below 2 / (largest Hessian eigenvalue)
hessian = 2 * X.T @ X / len(X)
print(round(2 / torch.linalg.eigvalsh(hessian).max().item(), 2))
# > 0.98
for lr in (0.9, 1.1):  # 30 full-batch steps on each side of the limit
    w_gd = sgd(w, lr, [torch.arange(len(X))] * 30)
    print(lr, f"{((X @ w_gd - y) ** 2).mean().item():.3g}")
    # > 0.9 1
    # > 1.1 1e+06

# the mismatch between k short steps and one long one, relative to how far the
# k short steps moved: it grows with the long step, well below the limit too
k, B = 8, 32
idx = torch.randperm(len(X))[: k * B]
hessian_batch = 2 * X[idx].T @ X[idx] / len(idx)  # the loss the long step is taken on
print(round(2 / torch.linalg.eigvalsh(hessian_batch).max().item(), 2))
# > 0.79
for lr in (0.001, 0.01, 0.03, 0.06, 0.1, 0.2):
    small = sgd(w, lr, idx.split(B))  # k steps of batch B
    big = sgd(w, lr * k, [idx])  # 1 step of batch k*B, k times the lr
    print(round(lr * k, 3), round(((small - big).norm() / small.norm()).item(), 3))
    # > 0.008 0.007
    # > 0.08 0.076
    # > 0.24 0.241
    # > 0.48 0.526
    # > 0.8 0.976
    # > 1.6 2.423
