import torch

torch.manual_seed(0)


def f(w):  # a saddle at (0, 0): a minimum along x, a maximum along y
    return w[0] ** 2 - w[1] ** 2


H = torch.autograd.functional.hessian(f, torch.zeros(2))
print(torch.linalg.eigvalsh(H).tolist())  # one negative eigenvalue: a saddle
# > [-2.0, 2.0]


def descend(y0, steps=200, lr=0.1, noise=0.0):
    w = torch.tensor([1.0, y0], requires_grad=True)
    opt = torch.optim.SGD([w], lr=lr)
    for t in range(1, steps + 1):
        opt.zero_grad()
        f(w).backward()
        w.grad += noise * torch.randn(2)  # a stand-in for mini-batch noise
        opt.step()
        if abs(w[1].item()) > 1:  # left the saddle along the negative curvature
            return t, None
    return None, w.grad.norm().item()


# y exactly 0: the gradient has no y component, and never gets one
escaped, grad_norm = descend(0.0)
print(escaped, f"{grad_norm:.0e}")  # stuck at the saddle, the gradient ~ 0
# > None 1e-19

# a perturbation of y0 grows by (1 + 2 lr) a step: escape time ~ log(1 / y0)
for y0 in (1e-2, 1e-4, 1e-8):
    print(y0, descend(y0)[0])
    # > 0.01 26
    # > 0.0001 51
    # > 1e-08 102

# noise escapes from exactly y = 0
print(descend(0.0, noise=1e-3)[0])
# > 55

# near the saddle the gradient is small, so the loss sits near f(0, 0) = 0 for a while
w = torch.tensor([1.0, 1e-4], requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
flat, grads = 0, []
for _ in range(60):
    opt.zero_grad()
    loss = f(w)
    loss.backward()
    if abs(loss.item()) < 1e-3:  # within 1e-3 of the saddle's loss
        flat += 1
        grads.append(w.grad.norm().item())
    opt.step()
print(flat, f"{max(grads):.2f}", f"{loss.item():.2f}")  # steps, largest |grad|, end
# > 16 0.06 -22.05

# random symmetric "Hessians": the share with no negative eigenvalue falls with n
for n in (1, 2, 4, 8):
    A = torch.randn(20_000, n, n)
    eig = torch.linalg.eigvalsh((A + A.mT) / 2)
    print(n, round((eig.min(-1).values > 0).float().mean().item(), 4))
    # > 1 0.4996
    # > 2 0.145
    # > 4 0.0036
    # > 8 0.0
