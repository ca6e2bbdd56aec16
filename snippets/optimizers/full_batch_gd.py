import torch

torch.manual_seed(0)
N, D = 1000, 10
X = torch.randn(N, D, dtype=torch.float64)
y = X @ torch.randn(D, dtype=torch.float64) + 0.1 * torch.randn(N, dtype=torch.float64)
w_best = torch.linalg.lstsq(X, y.unsqueeze(1)).solution.squeeze(1)  # exact minimum


def train(B, epochs, lr=0.1):  # least squares, constant lr, B samples per step
    g, w = torch.Generator().manual_seed(1), torch.zeros(D, dtype=torch.float64)
    for _ in range(epochs):
        for idx in torch.randperm(N, generator=g).split(B):
            w -= lr * X[idx].T @ (X[idx] @ w - y[idx]) / len(idx)
    dist = (w - w_best).norm().item()  # distance to the minimum
    return f"{dist:.1e}" if dist > 1e-12 else "< 1e-12 (rounding)"


# the same passes over the data: full batch (1 step per epoch) vs batches of 32 (32)
for epochs in (1, 10, 1000):
    print(f"{epochs:4} epochs: full batch {train(N, epochs)}, B=32 {train(32, epochs)}")
    # >    1 epochs: full batch 2.2e+00, B=32 8.8e-02
    # >   10 epochs: full batch 8.5e-01, B=32 1.7e-02
    # > 1000 epochs: full batch < 1e-12 (rounding), B=32 1.0e-02


# a saddle: loss (x**2 - 1)**2 / 4 + y**2 / 2, minima at x = +-1, a saddle at (0, 0);
# 64 samples add +-0.5 * x to it, half each way, so the full-batch loss is exactly it
def loss(p):
    return (p[0] ** 2 - 1) ** 2 / 4 + p[1] ** 2 / 2


shift = torch.tensor([0.5, -0.5]).repeat(32)
g = torch.Generator().manual_seed(2)
start = torch.tensor([0.0, 1.0])  # on the line x = 0, which leads into the saddle
gd, sgd = start.clone().requires_grad_(), start.clone().requires_grad_()
for _ in range(300):
    batch = shift[torch.randint(64, (4,), generator=g)]
    for p, c in ((gd, shift), (sgd, batch)):
        (grad,) = torch.autograd.grad(loss(p) + c.mean() * p[0], p)
        with torch.no_grad():
            p -= 0.1 * grad
print(f"full batch: x = {gd[0].item():.2f}, loss {loss(gd).item():.3f}")
# > full batch: x = 0.00, loss 0.250
print(f"B=4:        x = {sgd[0].item():.2f}, loss {loss(sgd).item():.3f}")
# > B=4:        x = 0.93, loss 0.004
