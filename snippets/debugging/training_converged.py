import torch
import torch.nn.functional as F

torch.set_default_dtype(torch.float64)
torch.manual_seed(0)
N, D = 2000, 20
X = torch.randn(2 * N, D)
y = (X @ torch.randn(D) + 2 * torch.randn(2 * N) > 0).double()  # noisy labels
X_train, y_train, X_val, y_val = X[:N], y[:N], X[N:], y[N:]


def loss_and_grad(w, X, y):  # logistic regression: convex, one minimum
    w = w.clone().requires_grad_()
    loss = F.binary_cross_entropy_with_logits(X @ w, y)
    return loss.item(), torch.autograd.grad(loss, w)[0]


# the exact minimum, to measure how far "converged" is from it
w_best = torch.zeros(D, requires_grad=True)
lbfgs = torch.optim.LBFGS(
    [w_best],
    max_iter=200,
    tolerance_grad=1e-12,
    tolerance_change=0,
    line_search_fn="strong_wolfe",
)


def closure():
    lbfgs.zero_grad()
    loss = F.binary_cross_entropy_with_logits(X_train @ w_best, y_train)
    loss.backward()
    return loss


lbfgs.step(closure)
best, grad_at_best = loss_and_grad(w_best.detach(), X_train, y_train)
print(bool(grad_at_best.norm() < 1e-8))  # a stationary point, so the minimum
# > True

# SGD, batches of 32: 30 epochs at lr 0.5, then 10 at 0.05, then 10 at 0.005
w, shuffle = torch.zeros(D), torch.Generator().manual_seed(1)
history, stopped = [], None
print("epoch  lr     above min  val loss  full grad  batch grad  update/weight")
# > epoch  lr     above min  val loss  full grad  batch grad  update/weight
for epoch, lr in enumerate([0.5] * 30 + [0.05] * 10 + [0.005] * 10, start=1):
    batch_norms, ratios = [], []
    for idx in torch.randperm(N, generator=shuffle).split(32):
        g = loss_and_grad(w, X_train[idx], y_train[idx])[1]
        if w.norm() > 0:
            ratios.append((lr * g.norm() / w.norm()).item())
        batch_norms.append(g.norm().item())
        w = w - lr * g
    train_loss, full_grad = loss_and_grad(w, X_train, y_train)
    history.append(train_loss)
    # a plateau rule: no new best by more than 1e-3 for 5 epochs (patience 5)
    if stopped is None and epoch > 5 and min(history[-5:]) > min(history[:-5]) - 1e-3:
        stopped = epoch
    if epoch in (5, 10, 30, 40, 50):
        val_loss = loss_and_grad(w, X_val, y_val)[0]
        print(
            f"{epoch:5}  {lr:<5}  {train_loss - best:9.1e}  {val_loss:8.4f}"
            f"  {full_grad.norm():9.1e}  {sum(batch_norms) / len(batch_norms):10.2f}"
            f"  {sum(ratios) / len(ratios):13.0e}"
        )
        # >     5  0.5      4.0e-03    0.3206    2.8e-02        0.25          3e-02
        # >    10  0.5      2.8e-03    0.3161    2.4e-02        0.24          3e-02
        # >    30  0.5      3.1e-03    0.3144    2.5e-02        0.23          3e-02
        # >    40  0.05     3.2e-05    0.3117    2.3e-03        0.23          3e-03
        # >    50  0.005    2.1e-05    0.3117    1.7e-03        0.24          3e-04
print(f"the plateau rule fires at epoch {stopped}, at lr 0.5")
# > the plateau rule fires at epoch 12, at lr 0.5

# the ratio measures the step, not the distance: one epoch at lr 0.005 from far away
w, ratios = 0.3 * w_best.detach(), []
for idx in torch.randperm(N, generator=shuffle).split(32):
    g = loss_and_grad(w, X_train[idx], y_train[idx])[1]
    ratios.append((0.005 * g.norm() / w.norm()).item())
    w = w - 0.005 * g
train_loss, full_grad = loss_and_grad(w, X_train, y_train)
print(
    f"update/weight {sum(ratios) / len(ratios):.0e}, above min {train_loss - best:.1e},"
    f" full grad {full_grad.norm():.1e}"
)
# > update/weight 1e-03, above min 1.1e-01, full grad 1.3e-01
