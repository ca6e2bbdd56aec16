import torch
from torch.func import functional_call, grad, vmap

torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 10)
)
weights = sum(p.nbytes for p in model.parameters())


# 1. Memory: the weights (and gradients, optimizer state) are fixed; what autograd
# saves for backward grows with the batch. Count the bytes it saves.
def pack(t):
    saved.append(t.nbytes)
    return t


for B in (1, 32, 1024):
    saved = []
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        loss = model(torch.randn(B, 32)).logsumexp(1).mean()
    print(B, weights, sum(saved))  # bytes of weights, bytes saved for backward
    # > 1 11048 3244
    # > 32 11048 24448
    # > 1024 11048 702976

# 2. The gradient noise scale B_simple = tr(Sigma) / |G|**2 (McCandlish et al.),
# from per-sample gradients: about the batch where noise and signal are equal
X = torch.randn(1024, 32)
y = (X[:, :10] + 0.5 * torch.randn(1024, 10)).argmax(1)
params = dict(model.named_parameters())


def sample_loss(p, x, t):
    out = functional_call(model, p, (x[None],))
    return torch.nn.functional.cross_entropy(out, t[None])


def noise_scale():
    g = vmap(grad(sample_loss), in_dims=(None, 0, 0))(params, X, y)
    g = torch.cat([v.flatten(1) for v in g.values()], 1)  # [samples, parameters]
    G = g.mean(0)
    return (g.var(0).sum() / G.pow(2).sum()).item()


opt = torch.optim.SGD(model.parameters(), lr=0.5)
for epoch in range(11):
    if epoch in (0, 10):
        print(epoch, round(noise_scale()))  # at initialization, after 10 epochs
        # > 0 221
        # > 10 247
    for i in range(0, 1024, 32):
        loss = torch.nn.functional.cross_entropy(model(X[i : i + 32]), y[i : i + 32])
        opt.zero_grad()
        loss.backward()
        opt.step()

# 3. McCandlish et al.'s trade-off: steps S = S_min (1 + B_crit / B), samples
# E = E_min (1 + B / B_crit); B = B_crit costs twice the minimum of both
for ratio in (1 / 8, 1, 8):
    print(ratio, round(1 + 1 / ratio, 3), round(1 + ratio, 3))
    # > 0.125 9.0 1.125
    # > 1 2.0 2
    # > 8 1.125 9
