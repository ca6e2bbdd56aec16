import torch
from torch import nn

torch.manual_seed(0)
X, y = torch.randn(256, 4), torch.randn(256, 1)


def trained(fill, act=nn.Tanh):
    """A 4-8-1 MLP, every weight and bias set to `fill`, after 200 SGD steps."""
    net = nn.Sequential(nn.Linear(4, 8), act(), nn.Linear(8, 1))
    with torch.no_grad():
        for p in net.parameters():
            p.fill_(fill)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for _ in range(200):
        opt.zero_grad()
        nn.functional.mse_loss(net(X), y).backward()
        opt.step()
    return net


for fill in (0.0, 0.5):
    W1 = trained(fill)[0].weight.detach()
    identical = torch.allclose(W1, W1[0].expand_as(W1))  # all 8 rows equal
    rank = torch.linalg.matrix_rank(W1).item()
    print(f"fill {fill}: rows identical {identical}, rank {rank}")
    # > fill 0.0: rows identical True, rank 0
    # > fill 0.5: rows identical True, rank 1
    print("  distinct values in the first column:", W1[:, 0].round(decimals=4).unique())
    # >   distinct values in the first column: tensor([0.])
    # >   distinct values in the first column: tensor([0.4599])

# zero init: the hidden layer never moves at all, only the output bias learns
net = trained(0.0)
print(net[0].weight.abs().max().item(), net[2].weight.abs().max().item())
# > 0.0 0.0
print(round(net[2].bias.item(), 4), round(y.mean().item(), 4))
# > 0.0337 0.0337

# the freeze needs f(0) = 0: the gradient into W2 is f(0) times the error, and
# sigmoid(0) = 0.5, softplus(0) = log 2 are not 0, so those nets move, rows still equal
for act in (nn.ReLU, nn.GELU, nn.Sigmoid, nn.Softplus):
    W1 = trained(0.0, act)[0].weight.detach()
    same = torch.equal(W1, W1[0].expand_as(W1))  # bit for bit
    print(act.__name__, "W1 moved:", W1.abs().max().item() > 0, "rows identical:", same)
    # > ReLU W1 moved: False rows identical: True
    # > GELU W1 moved: False rows identical: True
    # > Sigmoid W1 moved: True rows identical: True
    # > Softplus W1 moved: True rows identical: True

# random init breaks the tie
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
print(torch.linalg.matrix_rank(net[0].weight.detach()).item())
# > 4

# zeros in one layer are fine when the others are random: the last layer of a
# random-init net at zero learns, and the hidden layer starts moving after step 1
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
nn.init.zeros_(net[2].weight)
W1_init = net[0].weight.detach().clone()
opt = torch.optim.SGD(net.parameters(), lr=0.1)
for _ in range(200):
    opt.zero_grad()
    nn.functional.mse_loss(net(X), y).backward()
    opt.step()
print((net[0].weight - W1_init).abs().max().item() > 0, net[2].weight.std().item() > 0)
# > True True
