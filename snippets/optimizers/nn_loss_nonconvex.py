import torch
from torch import nn

torch.manual_seed(0)
X = torch.randn(256, 2)
y = torch.sin(2 * X[:, :1]) * X[:, 1:]  # a nonlinear target
mlp = nn.Sequential(nn.Linear(2, 2), nn.Tanh(), nn.Linear(2, 1))
opt = torch.optim.Adam(mlp.parameters(), lr=0.05)
for _ in range(300):
    opt.zero_grad()
    nn.functional.mse_loss(mlp(X), y).backward()
    opt.step()

a = {k: v.detach() for k, v in mlp.state_dict().items()}
perm = torch.tensor([1, 0])  # swap the two hidden units
b = {
    "0.weight": a["0.weight"][perm],  # their incoming weights and biases
    "0.bias": a["0.bias"][perm],
    "2.weight": a["2.weight"][:, perm],  # and their outgoing weights
    "2.bias": a["2.bias"],
}
mid = {k: (a[k] + b[k]) / 2 for k in a}  # the midpoint of the chord from a to b


def loss(weights):
    out = torch.func.functional_call(mlp, weights, (X,))
    return round(nn.functional.mse_loss(out, y).item(), 4)


print(loss(a), loss(b), loss(mid))  # convex would need loss(mid) <= loss(a)
# > 0.2295 0.2295 1.9702
print(torch.equal(mid["0.weight"][0], mid["0.weight"][1]))  # two identical units
# > True

# logistic regression's loss is convex in w: its Hessian X^T diag(p(1-p)) X / N is PSD
z = (X[:, 0] > 0).float()
for _ in range(3):
    w = 3 * torch.randn(2)
    H = torch.autograd.functional.hessian(
        lambda w: nn.functional.binary_cross_entropy_with_logits(X @ w, z), w
    )
    print(torch.linalg.eigvalsh(H).min().item() >= 0)
    # > True
    # > True
    # > True
