import torch
from torch import nn

torch.manual_seed(0)
x = torch.rand(128, 1) * 2 - 1  # training data on [-1, 1]
y = torch.sin(3 * x) + 0.1 * torch.randn_like(x)
net = nn.Sequential(
    nn.Linear(1, 64),
    nn.ReLU(),
    nn.Dropout(0.2),
    nn.Linear(64, 64),
    nn.ReLU(),
    nn.Dropout(0.2),
    nn.Linear(64, 1),
)
opt = torch.optim.Adam(net.parameters(), lr=1e-2)
for _ in range(300):
    opt.zero_grad()
    nn.functional.mse_loss(net(x), y).backward()
    opt.step()
# MC dropout: keep dropout on at test time and average 50 stochastic passes
test = torch.tensor([[0.0], [0.5], [3.0], [6.0]])  # two inside the data, two far
net.eval()
for m in net.modules():  # dropout back on, and only dropout
    if isinstance(m, nn.Dropout):
        m.train()
with torch.no_grad():
    samples = torch.stack([net(test) for _ in range(50)])  # (50, 4, 1)
mean, std = samples.mean(0).squeeze(1), samples.std(0).squeeze(1)
print("x      ", test.squeeze(1).tolist())
# > x       [0.0, 0.5, 3.0, 6.0]
print("mean   ", [f"{v:.2f}" for v in mean])
# > mean    ['0.00', '0.88', '-0.01', '-0.33']
print("spread ", [f"{v:.2f}" for v in std])
# > spread  ['0.12', '0.13', '0.42', '0.52']
print("truth  ", [f"{v:.2f}" for v in torch.sin(3 * test).squeeze(1)])
# > truth   ['0.00', '1.00', '0.41', '-0.75']
# a standard network gives one answer and no spread
net.eval()
with torch.no_grad():
    print("eval   ", [f"{v:.2f}" for v in net(test).squeeze(1)])
    # > eval    ['0.02', '0.87', '-0.18', '-0.43']
    print(torch.equal(net(test), net(test)))
    # > True
