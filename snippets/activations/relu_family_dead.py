import torch
from torch import nn

torch.manual_seed(0)
X = torch.randn(512, 10)
y = X.sum(1, keepdim=True)


def negative_everywhere(net):
    """Hidden units whose pre-activation is <= 0 on every input of the data set."""
    with torch.no_grad():
        return (net[0](X) <= 0).all(dim=0)


def train(net, lr, steps):
    opt = torch.optim.SGD(net.parameters(), lr=lr)
    for _ in range(steps):
        opt.zero_grad()
        nn.functional.mse_loss(net(X), y).backward()
        opt.step()


for act in (nn.ReLU(), nn.LeakyReLU(0.01)):
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(10, 100), act, nn.Linear(100, 1))
    before = negative_everywhere(net).sum().item()
    train(net, lr=5.0, steps=1)  # one oversized step: a loss spike
    train(net, lr=0.01, steps=300)
    dead = negative_everywhere(net)
    grad_of_dead = net[0].weight.grad[dead].abs().max().item()
    train(net, lr=0.01, steps=300)  # do they come back?
    still = (negative_everywhere(net) & dead).sum().item()
    print(f"{type(act).__name__}: {before} -> {dead.sum().item()} of 100 units off")
    # > ReLU: 0 -> 22 of 100 units off
    # > LeakyReLU: 0 -> 25 of 100 units off
    print(f"  largest gradient into them: {grad_of_dead:.1e}; {still} still off")
    # >   largest gradient into them: 0.0e+00; 22 still off
    # >   largest gradient into them: 2.5e-03; 24 still off
