import torch

torch.manual_seed(0)
d = 16
W0 = torch.randn(d, d) / d**0.5  # the "pretrained" weight
X = torch.randn(512, d)


def fit(delta, rank=None, steps=400):
    """Train full W (rank=None) or a LoRA update B @ A on Y = X @ (W0 + delta).T"""
    Y = X @ (W0 + delta).T
    if rank is None:
        params = [W0.clone().requires_grad_()]
        weight = lambda: params[0]  # noqa: E731
    else:
        A = (torch.randn(rank, d) / d**0.5).requires_grad_()
        B = torch.zeros(d, rank, requires_grad=True)
        params = [A, B]
        weight = lambda: W0 + B @ A  # noqa: E731
    opt = torch.optim.Adam(params, lr=0.02)
    for _ in range(steps):
        loss = ((X @ weight().T - Y) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return sum(p.numel() for p in params), loss.item()


low_rank = torch.randn(d, 2) @ torch.randn(2, d) / d  # the task needs a rank-2 change
full_rank = torch.randn(d, d) / d**0.5  # the task needs a full-rank change
for name, delta in (("rank-2 change", low_rank), ("full-rank change", full_rank)):
    for rank in (None, 2, 8):
        n, loss = fit(delta, rank)
        print(f"{name}: {'full' if rank is None else f'LoRA r={rank}'} {n} {loss:.4f}")
        # > rank-2 change: full 256 0.0000
        # > rank-2 change: LoRA r=2 64 0.0000
        # > rank-2 change: LoRA r=8 256 0.0000
        # > full-rank change: full 256 0.0000
        # > full-rank change: LoRA r=2 64 0.6270
        # > full-rank change: LoRA r=8 256 0.1071

# The floor for rank r: the best rank-r update (Eckart-Young, in X's metric)
S = X.T @ X / len(X)
evals, evecs = torch.linalg.eigh(S)
sqrt_S = evecs @ torch.diag(evals.sqrt()) @ evecs.T
sv = torch.linalg.svdvals(full_rank @ sqrt_S)
print([f"{(sv[r:] ** 2).sum().item() / d:.4f}" for r in (2, 8)])
# > ['0.6270', '0.1071']
