import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(256, 8)

# 1. BN right after a linear layer makes that layer's bias redundant: BN subtracts
# the batch mean, bias included, so the output is the same and the bias gets no grad
x64 = x.double()  # float64, so that "no grad" is not float32 rounding
lin64, bn = nn.Linear(8, 16).double(), nn.BatchNorm1d(16).double()
no_bias = nn.Linear(8, 16, bias=False).double()
no_bias.weight.data.copy_(lin64.weight.data)
out = bn(lin64(x64))
print(torch.allclose(out, bn(no_bias(x64))))
# > True
(out**3).sum().backward()
print(bool(lin64.bias.grad.abs().max() < 1e-9), bool(lin64.weight.grad.abs().max() > 1))
# > True True

# 2. what the activation and the next layer see, when a layer's biases sit at -1.5
# (some of its units negative for every sample of the batch)
lin = nn.Linear(8, 16)
with torch.no_grad():
    lin.bias.fill_(-1.5)
    pre = lin(x)
    bn_relu = torch.relu(nn.BatchNorm1d(16)(pre))  # BN before the activation
    relu_bn = nn.BatchNorm1d(16)(torch.relu(pre))  # BN after the activation
print(int(((pre > 0).sum(0) == 0).sum()))  # units negative on the whole batch
# > 4
for name, h in (("BN -> ReLU", bn_relu), ("ReLU -> BN", relu_bn)):
    dead = int((h.abs().amax(0) == 0).sum())  # units that output 0 for every sample
    mean = round(h.mean().item(), 2) + 0.0  # + 0.0: no "-0.00" from rounding noise
    print(f"{name}: mean {mean:.2f}, min {h.min():.2f}, dead units {dead}/16")
    # > BN -> ReLU: mean 0.40, min 0.00, dead units 0/16
    # > ReLU -> BN: mean 0.00, min -0.10, dead units 4/16

# 3. eval mode: BN right after a linear layer folds into it, one layer at inference;
# after the ReLU it cannot fold into the layer before, only into the one after
bn = nn.BatchNorm1d(16)
bn.train()(lin(torch.randn(64, 8)).detach())  # some running statistics
bn.eval()
with torch.no_grad():
    scale = bn.weight / (bn.running_var + bn.eps).sqrt()
    fused = nn.Linear(8, 16)
    fused.weight.copy_(lin.weight * scale[:, None])
    fused.bias.copy_((lin.bias - bn.running_mean) * scale + bn.bias)
    print(torch.allclose(fused(x), bn(lin(x)), atol=1e-5))
    # > True

# BN after a ReLU, folded into the next conv: exact inside, wrong at the border,
# where the conv's zero padding is not shifted by BN as the real inputs are
bn2, conv = nn.BatchNorm2d(3), nn.Conv2d(3, 5, 3, padding=1)
bn2.train()(torch.randn(16, 3, 8, 8) * 2 + 1)  # running statistics away from 0 and 1
bn2.eval()
with torch.no_grad():
    h = torch.relu(torch.randn(4, 3, 8, 8))
    s = bn2.weight / (bn2.running_var + bn2.eps).sqrt()
    t = bn2.bias - bn2.running_mean * s
    nxt = nn.Conv2d(3, 5, 3, padding=1)
    nxt.weight.copy_(conv.weight * s[:, None, None])
    nxt.bias.copy_(conv.bias + (conv.weight * t[:, None, None]).sum((1, 2, 3)))
    err = (nxt(h) - conv(bn2(h))).abs()
    print(bool(err[..., 1:-1, 1:-1].max() < 1e-5), bool(err.max() > 0.1))
    # > True True
