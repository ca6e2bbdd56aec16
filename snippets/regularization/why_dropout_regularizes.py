import itertools

import torch
from torch import nn

torch.set_num_threads(1)  # tensors this small: more threads only wait on each other
torch.manual_seed(0)

# inverted dropout: train mode zeroes with probability p and scales the rest by 1/(1-p)
drop = nn.Dropout(p=0.25)
x = torch.randn(8)
y = drop(x)
print(sorted({round(v, 4) for v in (y[y != 0] / x[y != 0]).tolist()}))
# > [1.3333]
# the expectation is preserved: the mean over 20,000 masks is x again
runs = torch.stack([drop(x) for _ in range(20_000)])
print(round((runs.mean(0) - x).abs().max().item(), 3))
# > 0.007
# eval mode is the identity: the input itself, no copy, no mask, no cost
drop.eval()
print(drop(x) is x)
# > True

# the ensemble: 2**8 thinned networks share one set of weights
body = nn.Sequential(nn.Linear(4, 8), nn.ReLU())
head = nn.Linear(8, 1)
inp = torch.randn(3, 4)
with torch.no_grad():
    h = body(inp)
    masks = torch.tensor(list(itertools.product([0.0, 2.0], repeat=8)))  # p = 0.5
    outs = torch.stack([head(h * m) for m in masks])  # every subnetwork, exactly
    eval_out = head(h)  # the full network, as eval mode runs it
    # linear after the dropout: eval output is exactly the ensemble's mean
    print(torch.allclose(outs.mean(0), eval_out, atol=1e-6))
    # > True
    # a nonlinearity after it: eval only approximates the ensemble's mean
    gap = (outs.sigmoid().mean(0) - eval_out.sigmoid()).abs().max()
    print(round(gap.item(), 4))
    # > 0.0015

# the training cost: the backward keeps the scaled mask, and training fits slower
xs, ys = torch.randn(256, 10), torch.randn(256, 1)
for p in (0.0, 0.5):
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(10, 64), nn.ReLU(), nn.Dropout(p), nn.Linear(64, 1))
    opt = torch.optim.Adam(net.parameters(), lr=1e-2)
    for _ in range(200):
        loss = nn.functional.mse_loss(net(xs), ys)
        opt.zero_grad()
        loss.backward()
        opt.step()
    net.eval()
    with torch.no_grad():
        print(p, round(nn.functional.mse_loss(net(xs), ys).item(), 3))
        # > 0.0 0.001
        # > 0.5 0.513
step = nn.functional.dropout(torch.ones(1000, requires_grad=True), 0.5).grad_fn
mask = step._saved_other  # CPU: one float per element, saved for the backward
print(step.name(), mask.dtype, mask.shape, mask.unique().tolist())
# > MulBackward0 torch.float32 torch.Size([1000]) [0.0, 2.0]
