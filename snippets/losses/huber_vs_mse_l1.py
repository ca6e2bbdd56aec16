import torch
import torch.nn.functional as F

torch.manual_seed(0)
# residuals x - y: near zero, inside the quadratic zone, an outlier
residual = torch.tensor([0.01, 0.5, 10.0])
losses = {
    "mse": lambda x: F.mse_loss(x, torch.zeros(3), reduction="sum"),
    "l1": lambda x: F.l1_loss(x, torch.zeros(3), reduction="sum"),
    "huber(2)": lambda x: F.huber_loss(x, torch.zeros(3), reduction="sum", delta=2.0),
    "smoothl1(2)": lambda x: F.smooth_l1_loss(
        x, torch.zeros(3), reduction="sum", beta=2.0
    ),
}
grads = {}
for name, loss_fn in losses.items():
    x = residual.clone().requires_grad_()
    loss_fn(x).backward()
    grads[name] = x.grad
    print(f"{name:11}", [round(g, 3) for g in x.grad.tolist()])
    # > mse         [0.02, 1.0, 20.0]
    # > l1          [1.0, 1.0, 1.0]
    # > huber(2)    [0.01, 0.5, 2.0]
    # > smoothl1(2) [0.005, 0.25, 1.0]

# Huber(delta) = delta * SmoothL1(beta=delta), for the loss and its gradient
x, t = torch.randn(1000) * 5, torch.randn(1000)
for delta in (0.5, 1.0, 2.0):
    huber = F.huber_loss(x, t, delta=delta)
    smooth = F.smooth_l1_loss(x, t, beta=delta)
    print(delta, torch.allclose(huber, delta * smooth))
    # > 0.5 True
    # > 1.0 True
    # > 2.0 True
print(torch.allclose(grads["huber(2)"], 2.0 * grads["smoothl1(2)"]))
# > True

# fit one constant c to data with an outlier: each loss's minimizer
data = torch.tensor([1.0, 2.0, 3.0, 4.0, 100.0], dtype=torch.float64)
c = torch.linspace(0, 30, 30001, dtype=torch.float64)  # step 0.001
diff = c[:, None] - data
for name, total in {
    "mse": (diff**2).sum(1),
    "l1": diff.abs().sum(1),
    "huber(1)": F.huber_loss(diff, torch.zeros_like(diff), reduction="none").sum(1),
}.items():
    print(name, round(c[total.argmin()].item(), 3))
    # > mse 22.0
    # > l1 3.0
    # > huber(1) 3.0
print("mean", data.mean().item(), "median", data.median().item())
# > mean 22.0 median 3.0
