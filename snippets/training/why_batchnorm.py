import torch
from torch import nn

torch.manual_seed(0)
x = 3 + 2 * torch.randn(16, 4)  # a batch of 16, 4 features of mean 3, std 2
bn = nn.BatchNorm1d(4)  # momentum=0.1, eps=1e-5, affine, track_running_stats
y = bn(x)  # train mode: the batch's own statistics
var_y = y.var(0, unbiased=False)
print(bool(y.mean(0).abs().max() < 1e-6), torch.allclose(var_y, torch.ones(4)))
# > True True

# running statistics: new = (1 - momentum) * old + momentum * batch, from 0 and 1;
# the variance kept is the unbiased one, the one normalized with is biased
mean, var = x.mean(0), x.var(0, unbiased=True)
print(
    torch.allclose(bn.running_mean, 0.1 * mean),
    torch.allclose(bn.running_var, 0.9 + 0.1 * var),
)
# > True True

# momentum=None: a cumulative average of every batch so far
cum = nn.BatchNorm1d(4, momentum=None)
x2 = torch.randn(16, 4)
for batch in (x, x2):
    cum(batch)
print(torch.allclose(cum.running_mean, (mean + x2.mean(0)) / 2))
# > True

# eps keeps a constant feature finite, (x - mean) / sqrt(0 + eps), and must be > 0;
# a feature whose variance is near eps comes out shrunk, not at std 1
print(nn.BatchNorm1d(1)(torch.ones(8, 1)).abs().max().item())
# > 0.0
try:
    nn.BatchNorm1d(1, eps=0)(torch.ones(8, 1))
except ValueError as e:
    print(e)
    # > batch_norm eps must be positive during training, but got 0
z = torch.randn(1000, 1)
tiny = 1e-3 * (z - z.mean()) / z.std(correction=0)  # variance exactly 1e-6, eps 1e-5
for eps in (1e-5, 1e-8):  # output std sqrt(var / (var + eps)): 0.302 and 0.995
    print(f"{nn.BatchNorm1d(1, eps=eps)(tiny).std(correction=0).item():.3f}")
# > 0.302
# > 0.995

# affine=False: no gamma and beta; track_running_stats=False: no buffers, batch
# statistics in eval mode too
plain = nn.BatchNorm1d(4, affine=False, track_running_stats=False)
print(len(list(plain.parameters())), len(list(plain.buffers())), plain.running_mean)
# > 0 0 None
print(torch.allclose(plain.eval()(x), plain.train()(x)))
# > True

# why higher learning rates train: the output ignores the scale of the weights before
# it, and their gradient shrinks as 1 / scale (Ioffe & Szegedy, section 3.3)
lin = nn.Linear(4, 4)
for a in (1.0, 10.0):
    w = (a * lin.weight.detach()).requires_grad_()
    out = nn.functional.batch_norm(x @ w.T, None, None, training=True)
    (out**3).sum().backward()
    print(a, round(out[0, 0].item(), 4), round(w.grad.norm().item(), 4))
    # > 1.0 0.7692 150.5741
    # > 10.0 0.7692 15.0576
