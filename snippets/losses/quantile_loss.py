import torch

torch.manual_seed(0)


def pinball(pred, y, tau):
    """tau * (y - pred) where y is above pred, (1 - tau) * (pred - y) below."""
    err = y - pred
    return torch.maximum(tau * err, (tau - 1) * err).mean()


y = torch.randn(1000).exp()  # a skewed sample (log-normal)
tau = 0.9

# the best constant under the loss is the tau-quantile: the loss is piecewise linear,
# so its minimum over constants lies on a data point
err = y[None, :] - y[:, None]  # row i: the errors of the constant y[i]
losses = torch.maximum(tau * err, (tau - 1) * err).mean(1)
best = y[losses.argmin()]
q = torch.quantile(y, tau)
print(round(best.item(), 4), round(q.item(), 4))
# > 3.704 3.7043
print(torch.isclose(pinball(q, y, tau), losses.min()).item())
# > True
print(round((y <= best).float().mean().item(), 3))  # 90% lie at or below it
# > 0.9

# gradient descent on one constant finds it too
c = torch.zeros((), requires_grad=True)
opt = torch.optim.SGD([c], lr=2.0)  # the gradient is (share below c) - tau
for _ in range(200):
    opt.zero_grad()
    pinball(c, y, tau).backward()
    opt.step()
print(round(c.item(), 2))
# > 3.71

# tau = 0.5 is half the L1 loss, and its best constant is the median
half = (0.5 * err.abs()).mean(1)
print(torch.isclose(half.min(), pinball(torch.median(y), y, 0.5)).item())
# > True

# torch has no quantile loss to call instead
names = ("quantile", "pinball")
print(
    [n for n in dir(torch.nn) if any(w in n.lower() for w in names)],
    [n for n in dir(torch.nn.functional) if any(w in n.lower() for w in names)],
)
# > [] []

# a prediction interval: two linear models, at tau = 0.1 and 0.9, on noise that widens
x = torch.rand(2000, 1)
y = 2 * x[:, 0] + (0.2 + x[:, 0]) * torch.randn(2000)
lo, hi = torch.nn.Linear(1, 1), torch.nn.Linear(1, 1)
opt = torch.optim.Adam([*lo.parameters(), *hi.parameters()], lr=0.1)
for _ in range(150):
    opt.zero_grad()
    loss = pinball(lo(x[:1000])[:, 0], y[:1000], 0.1)
    loss = loss + pinball(hi(x[:1000])[:, 0], y[:1000], 0.9)
    loss.backward()
    opt.step()
with torch.no_grad():
    low, high = lo(x[1000:])[:, 0], hi(x[1000:])[:, 0]  # held-out half
    inside = ((y[1000:] >= low) & (y[1000:] <= high)).float().mean()
    width = high - low
print(round(inside.item(), 2))  # about 0.8 of new points fall inside
# > 0.81
print(round(width[x[1000:, 0] < 0.2].mean().item(), 2))  # narrow where noise is small
# > 0.84
print(round(width[x[1000:, 0] > 0.8].mean().item(), 2))  # wide where it is large
# > 2.63
