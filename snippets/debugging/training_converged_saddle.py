import torch
from torch.func import hessian

torch.set_default_dtype(torch.float64)
torch.manual_seed(0)
X = torch.randn(256, 8)
Y = X @ torch.randn(8, 8)  # a linear map: a 3-layer linear net can fit it to loss 0


def loss_fn(flat):  # y = x W1 W2 W3, small initial weights
    W1, W2, W3 = flat.view(3, 8, 8)
    return ((X @ W1 @ W2 @ W3 - Y) ** 2).mean()


w = (0.05 * torch.randn(3 * 64)).requires_grad_()
opt = torch.optim.SGD([w], lr=0.04)
for step in range(4001):
    opt.zero_grad()
    loss = loss_fn(w)
    loss.backward()
    if step in (500, 1000, 1500, 2000, 2500, 4000):
        print(f"step {step}: loss {loss.item():.3f}, gradient norm {w.grad.norm():.0e}")
        # > step 500: loss 1.382, gradient norm 4e-01
        # > step 1000: loss 0.164, gradient norm 4e-03
        # > step 1500: loss 0.164, gradient norm 4e-03
        # > step 2000: loss 0.163, gradient norm 1e-02
        # > step 2500: loss 0.081, gradient norm 1e-01
        # > step 4000: loss 0.004, gradient norm 2e-03
    if step == 1500:  # flat loss, small gradient: is this a minimum?
        smallest = torch.linalg.eigvalsh(hessian(loss_fn)(w.detach())).min()
        print(
            f"  smallest Hessian eigenvalue {smallest:.3f}, < 0: {bool(smallest < 0)}"
        )
        # >   smallest Hessian eigenvalue -0.050, < 0: True
    opt.step()
