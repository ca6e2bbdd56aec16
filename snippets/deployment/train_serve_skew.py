import copy

import torch
from torch import nn

torch.manual_seed(0)
X = torch.randn(512, 4) * torch.tensor([1.0, 5.0, 20.0, 100.0]) + 50  # raw features
mean, std = X.mean(0), X.std(0)  # training-set statistics
y = ((X - mean) / std @ torch.randn(4, 3)).argmax(1)

net = nn.Sequential(
    nn.Linear(4, 32), nn.BatchNorm1d(32), nn.ReLU(), nn.Dropout(0.3), nn.Linear(32, 3)
)
opt = torch.optim.Adam(net.parameters(), lr=1e-2)
for _ in range(200):
    opt.zero_grad()
    nn.functional.cross_entropy(net((X - mean) / std), y).backward()
    opt.step()

x_new = torch.randn(64, 4) * torch.tensor([1.0, 5.0, 20.0, 100.0]) + 50
net.eval()
with torch.no_grad():
    ref = net((x_new - mean) / std).argmax(1)  # what the model was validated as

    # skew 1: serving code forgot eval() (a copy: train mode updates BatchNorm's stats)
    bad = copy.deepcopy(net).train()
    agree = (bad((x_new - mean) / std).argmax(1) == ref).float().mean().item()
    print("no eval():", round(agree, 2))
    # > no eval(): 0.91
    try:
        bad((x_new[:1] - mean) / std)  # one request: BatchNorm has one value
    except ValueError as e:
        print(str(e).split(", got")[0])
        # > Expected more than 1 value per channel when training

    # skew 2: serving code normalizes with other statistics
    for name, (m, s) in {
        "batch stats": (x_new.mean(0), x_new.std(0)),
        "none": (torch.zeros(4), torch.ones(4)),
    }.items():
        agree = (net((x_new - m) / s).argmax(1) == ref).float().mean().item()
        print(name, round(agree, 2))
        # > batch stats 0.86
        # > none 0.42


class Served(nn.Module):
    """Preprocessing shipped with the model: the statistics are buffers."""

    def __init__(self, net, mean, std):
        super().__init__()
        self.net = net
        self.register_buffer("mean", mean)
        self.register_buffer("std", std)

    def forward(self, raw):
        return self.net((raw - self.mean) / self.std)


served = Served(net, mean, std).eval()
print([k for k in served.state_dict() if "." not in k])  # saved with the weights
# > ['mean', 'std']
with torch.inference_mode():
    print(torch.equal(served(x_new).argmax(1), ref))  # parity test, batch of 64
    # > True
    print(torch.allclose(served(x_new[:1]), served(x_new)[:1], atol=1e-6))  # batch of 1
    # > True
