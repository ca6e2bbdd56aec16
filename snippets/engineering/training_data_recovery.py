import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
layer = nn.Linear(6, 3)
x = torch.randn(1, 6)  # the private input
y = torch.tensor([2])  # the private label

# 1. A shared gradient of one sample (federated learning, a gradient log):
# dL/dW = (dL/dz) x^T and dL/db = dL/dz, so every row of dL/dW is x times a number
F.cross_entropy(layer(x), y).backward()
gW, gb = layer.weight.grad, layer.bias.grad
row = gb.abs().argmax()
recovered = gW[row] / gb[row]
print(torch.allclose(recovered, x[0], atol=1e-5))
# > True
# and the label: dL/db = softmax - one_hot(y), negative only at the true class
print(gb.argmin().item(), (gb < 0).sum().item())
# > 2 1

# 2. Two checkpoints, before and after one SGD step, hold the same gradient
before = {k: v.clone() for k, v in layer.state_dict().items()}
torch.optim.SGD(layer.parameters(), lr=0.1).step()
dW = (before["weight"] - layer.weight.detach()) / 0.1
db = (before["bias"] - layer.bias.detach()) / 0.1
print(torch.allclose(dW[row] / db[row], x[0], atol=1e-4))
# > True

# 3. A batch average mixes the samples: the same division no longer gives one input
layer.zero_grad()
xs, ys = torch.randn(2, 6), torch.tensor([0, 2])
F.cross_entropy(layer(xs), ys).backward()
guess = layer.weight.grad[0] / layer.bias.grad[0]
# relative errors against each of the two inputs: far from both
print([round((torch.dist(guess, xi) / xi.norm()).item(), 2) for xi in xs])
# > [3.84, 4.8]

# 4. DP-SGD's noise (Gaussian, on a clipped per-sample gradient) breaks the division
layer.zero_grad()
F.cross_entropy(layer(x), y).backward()
gW, gb = layer.weight.grad, layer.bias.grad
norm = torch.cat([gW.flatten(), gb]).norm()
clip, sigma = 1.0, 1.0
scale = min(1.0, clip / norm.item())
noisy_W = gW * scale + sigma * clip * torch.randn_like(gW)
noisy_b = gb * scale + sigma * clip * torch.randn_like(gb)
noisy = noisy_W[row] / noisy_b[row]
print(round((torch.dist(noisy, x[0]) / x.norm()).item(), 2))  # relative error
# > 1.15

# 5. Memorization: a model that fits its training set gives members lower loss,
# which is all a loss-threshold membership-inference attack needs
torch.manual_seed(0)
members, outsiders = torch.randn(32, 20), torch.randn(32, 20)
labels = torch.randint(0, 2, (64,))  # random labels: only memorization fits them


def membership_auc(model):
    """The chance that a member's loss is below an outsider's (0.5: no signal)."""
    with torch.no_grad():
        inside = F.cross_entropy(model(members), labels[:32], reduction="none")
        outside = F.cross_entropy(model(outsiders), labels[32:], reduction="none")
    return (inside[:, None] < outside[None, :]).float().mean().item()


model = nn.Sequential(nn.Linear(20, 256), nn.ReLU(), nn.Linear(256, 2))
print("before training:", round(membership_auc(model), 2))
# > before training: 0.56
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
for _ in range(300):
    opt.zero_grad()
    F.cross_entropy(model(members), labels[:32]).backward()
    opt.step()
print("after fitting the members:", round(membership_auc(model), 2))
# > after fitting the members: 0.82
