import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
teacher = torch.randn(20, 4)  # labels: a fixed function of the inputs


def make(n):
    x = torch.randn(n, 20)
    return x, (x @ teacher).argmax(dim=1)


x_train, y_train = make(2048)
x_val, y_val = make(512)  # same distribution, held out
model = nn.Sequential(nn.Linear(20, 128), nn.ReLU(), nn.Dropout(0.5), nn.Linear(128, 4))
opt = torch.optim.Adam(model.parameters(), lr=1e-2)

batch_losses = []  # one epoch, logged the usual way
for idx in torch.randperm(2048).split(64):
    loss = F.cross_entropy(model(x_train[idx]), y_train[idx])
    opt.zero_grad()
    loss.backward()
    opt.step()
    batch_losses.append(loss.item())


def loss_on(x, y):
    with torch.no_grad():
        return F.cross_entropy(model(x), y).item()


# 1. the logged number averages over weights that kept improving during the epoch
mean = sum(batch_losses) / len(batch_losses)
first, last = batch_losses[0], batch_losses[-1]
print(f"epoch mean {mean:.3f}: first batch {first:.3f}, last {last:.3f}")
# > epoch mean 0.738: first batch 1.385, last 0.402
# the final weights on the whole training set, still in train mode (dropout on)
print(f"train set, final weights, dropout on:  {loss_on(x_train, y_train):.3f}")
# > train set, final weights, dropout on:  0.377
# 2. dropout only during training: eval mode turns it off
model.eval()
print(f"train set, final weights, dropout off: {loss_on(x_train, y_train):.3f}")
# > train set, final weights, dropout off: 0.263
print(f"validation set, dropout off:           {loss_on(x_val, y_val):.3f}")
# > validation set, dropout off:           0.306
# 3. how hard the set is moves the number too: the same inputs with 20% of the
# labels wrong, as in a noisy training set, against the clean ones just above
noisy = y_val.clone()
wrong = torch.rand(512) < 0.2
noisy[wrong] = (noisy[wrong] + 1) % 4
print(f"validation inputs, 20% labels wrong:   {loss_on(x_val, noisy):.3f}")
# > validation inputs, 20% labels wrong:   1.136
