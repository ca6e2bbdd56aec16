import torch

torch.manual_seed(0)
lr, beta1, beta2, eps = 1e-3, 0.9, 0.999, 1e-8


def adam_updates(grads, corrected):
    """Adam by the formula: the update of each step, divided by lr."""
    m = v = torch.zeros_like(grads[0])
    updates = []
    for t, g in enumerate(grads, start=1):
        m = beta1 * m + (1 - beta1) * g
        v = beta2 * v + (1 - beta2) * g**2
        if corrected:
            m_hat, v_hat = m / (1 - beta1**t), v / (1 - beta2**t)
        else:
            m_hat, v_hat = m, v
        updates.append(-m_hat / (v_hat.sqrt() + eps))
    return torch.stack(updates)


# the corrected formula is what torch.optim.Adam does
grads = torch.randn(20, 3)
p = torch.nn.Parameter(torch.zeros(3))
opt = torch.optim.Adam([p], lr=lr, betas=(beta1, beta2), eps=eps)
for g in grads:
    p.grad = g.clone()
    opt.step()
print(torch.allclose(p.detach(), lr * adam_updates(grads, True).sum(0), atol=1e-7))
# > True

# step 1: m_hat = g, v_hat = g**2, so each coordinate moves by lr * g / (|g| + eps)
g = torch.tensor([[1e-3, 1.0, 1e3, -5.0, 1e-9]])
print([round(u, 3) for u in adam_updates(g, True)[0].tolist()])
# > [-1.0, -1.0, -1.0, 1.0, -0.091]

# Without correction the early steps are too LARGE with the default betas: v starts
# further below its true value (1 - beta2 = 0.001) than m does (1 - beta1 = 0.1).
constant = torch.full((1000, 1), 0.5)
with_c = adam_updates(constant, corrected=True).abs()
without = adam_updates(constant, corrected=False).abs()
for t in (1, 10, 100, 1000):
    print(t, round(with_c[t - 1].item(), 3), round(without[t - 1].item(), 3))
    # > 1 1.0 3.162
    # > 10 1.0 6.528
    # > 100 1.0 3.241
    # > 1000 1.0 1.258
print(round(without.max().item(), 2), "at step", without.argmax().item() + 1)
# > 6.57 at step 12
