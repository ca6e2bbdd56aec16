import torch
from torch.func import functional_call, hessian


# a 1-D training loss with two minima of loss 0: sharp at -1 (curvature 100),
# flat at 1.5 (curvature 4)
def loss(w):
    return -torch.logaddexp(-50 * (w + 1) ** 2, -2 * (w - 1.5) ** 2)


minima = torch.tensor([-1.0, 1.5], dtype=torch.float64)
print([round(hessian(loss)(m).item(), 1) for m in minima])
# > [100.0, 4.0]
# a test set drawn apart from the training set: the same loss, shifted by 0.1
print([round(loss(m - 0.1).item(), 3) for m in minima])
# > [0.5, 0.02]


# full-batch gradient descent from the same start inside the sharp basin:
# a minimum of curvature c is stable only for lr < 2 / c
def gd(lr, w=-0.9, steps=500):
    w = torch.tensor(w, dtype=torch.float64, requires_grad=True)
    for _ in range(steps):
        (g,) = torch.autograd.grad(loss(w), w)
        with torch.no_grad():
            w -= lr * g
    return round(w.item(), 3)


for lr in (0.01, 0.05):
    print(f"lr {lr}: 2/lr = {2 / lr:.0f}, ends at {gd(lr)}")
    # > lr 0.01: 2/lr = 200, ends at -1.0
    # > lr 0.05: 2/lr = 40, ends at 1.5

# sharpness is not a property of the function (Dinh et al., 2017): a ReLU net
# computes the same function with layer 1 times a and layer 2's weight over a
torch.manual_seed(0)
X, Y = torch.randn(64, 3), torch.randn(64, 1)
net = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1))
params = dict(net.named_parameters())
shapes = {k: v.shape for k, v in params.items()}


def mse(flat):  # the loss as a function of all 21 weights in one vector
    parts = flat.split([s.numel() for s in shapes.values()])
    p = {k: part.view(s) for (k, s), part in zip(shapes.items(), parts, strict=True)}
    return ((functional_call(net, p, (X,)) - Y) ** 2).mean()


for a in (1.0, 10.0):
    scale = {"0.weight": a, "0.bias": a, "2.weight": 1 / a, "2.bias": 1.0}
    flat = torch.cat([v.detach().flatten() * scale[k] for k, v in params.items()])
    top = torch.linalg.eigvalsh(hessian(mse)(flat)).max().item()
    print(f"a={a:4}: loss {mse(flat).item():.4f}, largest Hessian eigenvalue {top:.1f}")
    # > a= 1.0: loss 0.7959, largest Hessian eigenvalue 3.3
    # > a=10.0: loss 0.7959, largest Hessian eigenvalue 112.2
