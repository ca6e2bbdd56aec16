import torch
from torch.func import grad, hessian, jvp

torch.manual_seed(0)
X = torch.randn(200, 10, dtype=torch.float64) * torch.logspace(0, 2, 10)
y = X @ torch.randn(10, dtype=torch.float64) + torch.randn(200, dtype=torch.float64)


def loss(w):  # least squares, with features on scales from 1 to 100
    return 0.5 * ((X @ w - y) ** 2).mean()


H = hessian(loss)(torch.zeros(10, dtype=torch.float64))  # n x n, constant here
eig = torch.linalg.eigvalsh(H)
w0 = torch.zeros(10, dtype=torch.float64)
print(f"{grad(loss)(w0).norm().item():.1e}")  # the gradient norm at the start
# > 3.3e+03
print(f"{eig.max().item():.1e} {(eig.max() / eig.min()).item():.1e}")  # condition
# > 1.1e+04 1.1e+04

# Newton: w <- w - H^-1 g, an n x n Hessian and an O(n^3) solve; exact on a quadratic
w = torch.zeros(10, dtype=torch.float64)
w = w - torch.linalg.solve(hessian(loss)(w), grad(loss)(w))
print(grad(loss)(w).norm().item() < 1e-10)  # gradient norm after one step: rounding
# > True

# a Hessian-vector product without the n x n matrix: forward-over-reverse
v = torch.randn(10, dtype=torch.float64)
hvp = jvp(grad(loss), (w,), (v,))[1]
print(torch.allclose(hvp, H @ v))
# > True
w_ = w.clone().requires_grad_()  # the same by double backward
(g,) = torch.autograd.grad(loss(w_), w_, create_graph=True)
(hvp2,) = torch.autograd.grad(g @ v, w_)
print(torch.allclose(hvp2, hvp))
# > True

# the Hessian of a 7e9-parameter model, in float32
print(f"{7e9**2 * 4:.1e} bytes")
# > 2.0e+20 bytes


def fit(opt_cls, steps, state=False, **kw):
    w = torch.zeros(10, dtype=torch.float64, requires_grad=True)
    opt = opt_cls([w], **kw)
    calls = 0

    def closure():  # LBFGS calls it several times per step
        nonlocal calls
        calls += 1
        opt.zero_grad()
        out = loss(w)
        out.backward()
        return out

    for _ in range(steps):
        opt.step(closure)
    if state:  # parameter-sized tensors in its state, in units of the parameters
        st = [t for v in opt.state[w].values() for t in (v if type(v) is list else [v])]
        return sum(t.numel() for t in st if torch.is_tensor(t) and t.dim()) / w.numel()
    return f"{w.grad.norm().item():.1e}", calls  # gradient norm, loss evaluations


# full-batch gradient descent at the stable lr 1 / lambda_max, 1000 steps
print(fit(torch.optim.SGD, 1000, lr=1 / eig.max().item()))
# > ('1.4e+00', 1000)
# LBFGS: each step() runs up to max_iter=20 iterations, with a line search here
print(fit(torch.optim.LBFGS, 3, line_search_fn="strong_wolfe"))
# > ('3.0e-04', 55)
try:
    torch.optim.LBFGS([{"params": [torch.zeros(1)]}, {"params": [torch.zeros(1)]}])
except ValueError as e:
    print(e)
    # > LBFGS doesn't support per-parameter options (parameter groups)

# its memory: history_size pairs (s, y), the direction d and the previous gradient
print(fit(torch.optim.LBFGS, 3, state=True, history_size=5))  # 2 * 5 + 2
# > 12.0
