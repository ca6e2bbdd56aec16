import torch

lam = 0.1


def grads(w):
    w = w.clone().requires_grad_()
    (sq,) = torch.autograd.grad(lam * w.pow(2).sum(), w)  # lam * ||w||^2
    w2 = w.detach().clone().requires_grad_()
    (nrm,) = torch.autograd.grad(lam * torch.linalg.vector_norm(w2), w2)  # lam * ||w||
    return [round(g, 4) for g in sq.tolist()], [round(g, 4) for g in nrm.tolist()]


# squared: 2 * lam * w, proportional; norm: lam * w / ||w||, the same size at any scale
print(grads(torch.tensor([3.0, 4.0])))
# > ([0.6, 0.8], [0.06, 0.08])
print(grads(torch.tensor([30.0, 40.0])))
# > ([6.0, 8.0], [0.06, 0.08])
print(grads(torch.tensor([0.03, 0.04])))
# > ([0.006, 0.008], [0.06, 0.08])

# at w = 0 the norm is not differentiable: written by hand its gradient is nan,
# torch's vector_norm returns the subgradient 0 instead
w = torch.zeros(2, requires_grad=True)
torch.sqrt(w.pow(2).sum()).backward()
print(w.grad)
# > tensor([nan, nan])
w = torch.zeros(2, requires_grad=True)
torch.linalg.vector_norm(w).backward()
print(w.grad)
# > tensor([0., 0.])

# gradient descent on the penalty alone, lr 0.5, from w = (3, 4): ||w|| at steps
# 10, 50, 100, 101, 102. Squared: w *= 0.9 each step. Norm: ||w|| -= 0.05 each step
for name, penalty in [
    ("squared", lambda w: lam * w.pow(2).sum()),
    ("norm", lambda w: lam * torch.linalg.vector_norm(w)),
]:
    w, seen = torch.tensor([3.0, 4.0], requires_grad=True), []
    for step in range(1, 103):
        (g,) = torch.autograd.grad(penalty(w), w)
        w = (w - 0.5 * g).detach().requires_grad_()
        if step in (10, 50, 100, 101, 102):
            seen.append(f"{torch.linalg.vector_norm(w).item():.1e}")
    print(name, seen)
    # > squared ['1.7e+00', '2.6e-02', '1.3e-04', '1.2e-04', '1.1e-04']
    # > norm ['4.5e+00', '2.5e+00', '3.4e-06', '5.0e-02', '3.4e-06']
