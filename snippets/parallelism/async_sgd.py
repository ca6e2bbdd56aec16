import torch

torch.manual_seed(0)
A = torch.diag(torch.tensor([1.0, 10.0]))  # a quadratic loss 0.5 w^T A w


def grad(w):
    return A @ w


def train(delay, lr=0.15, steps=60):
    """Each update uses the gradient computed `delay` updates ago (a stale worker)."""
    w = torch.tensor([1.0, 1.0])
    history = [w.clone()]
    for _ in range(steps):
        stale = history[max(0, len(history) - 1 - delay)]
        w = w - lr * grad(stale)
        history.append(w.clone())
    return w.norm().item()


for delay in (0, 1, 2, 4):
    print(f"staleness {delay}: final |w| = {train(delay):.3g}")
    # > staleness 0: final |w| = 5.82e-05
    # > staleness 1: final |w| = 2.08e+05
    # > staleness 2: final |w| = 6.41e+06
    # > staleness 4: final |w| = 3.39e+06
# a smaller step tolerates the same staleness
print(f"staleness 4, lr 0.02: final |w| = {train(4, lr=0.02):.3g}")
# > staleness 4, lr 0.02: final |w| = 0.267
print(f"staleness 0, lr 0.02: final |w| = {train(0, lr=0.02):.3g}")
# > staleness 0, lr 0.02: final |w| = 0.298
