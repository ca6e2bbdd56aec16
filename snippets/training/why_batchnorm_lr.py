import torch
import torch.nn.functional as F
from torch import nn

torch.set_default_dtype(torch.float64)  # so the losses do not depend on threads
torch.manual_seed(0)
N, D, C = 2048, 32, 10
X = torch.randn(N, D)
teacher = nn.Sequential(nn.Linear(D, 64), nn.Tanh(), nn.Linear(64, C))
with torch.no_grad():
    y = teacher(X).argmax(1)  # 10 classes a small network can learn


class Shift(nn.Module):
    """After BatchNorm, a new random scale and shift per feature at every step: the
    distribution shift BatchNorm is said to remove, put back (Santurkar et al.)."""

    def forward(self, x):
        if not self.training:
            return x
        scale = torch.empty(x.shape[1]).uniform_(0.5, 1.5)
        return x * scale + torch.empty(x.shape[1]).uniform_(-0.5, 0.5)


def net(kind, depth=8, width=64):
    torch.manual_seed(1)
    layers, d = [], D
    for _ in range(depth):
        layers.append(nn.Linear(d, width))
        if kind != "plain":
            layers.append(nn.BatchNorm1d(width))
        if kind == "bn+shift":
            layers.append(Shift())
        layers += [nn.ReLU()]
        d = width
    model = nn.Sequential(*layers, nn.Linear(d, C))
    for m in model:  # He init for every variant, so the plain net starts well too
        if isinstance(m, nn.Linear):
            nn.init.kaiming_normal_(m.weight, nonlinearity="relu")
            nn.init.zeros_(m.bias)
    return model


def train(kind, lr, steps=300, B=128):  # plain SGD; the mean loss of the last 50 steps
    model, g = net(kind), torch.Generator().manual_seed(2)
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    losses = []
    for _ in range(steps):
        idx = torch.randint(N, (B,), generator=g)
        opt.zero_grad()
        loss = F.cross_entropy(model(X[idx]), y[idx])
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return f"{sum(losses[-50:]) / 50:.2f}"


LRS = (0.1, 1.0, 3.0)
print("lr:         ", "  ".join(f"{lr:>4}" for lr in LRS))
# > lr:           0.1   1.0   3.0
for kind in ("plain", "bn", "bn+shift"):
    print(f"{kind:12}", "  ".join(f"{train(kind, lr):>4}" for lr in LRS))
    # > plain        0.79   nan   nan
    # > bn           0.43  0.21  0.30
    # > bn+shift     1.37  0.52  0.78
