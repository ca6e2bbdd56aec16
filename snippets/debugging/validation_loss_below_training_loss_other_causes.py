import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
teacher = torch.randn(20, 4)
x = torch.randn(2048, 20)
y = (x @ teacher).argmax(dim=1)
model = nn.Sequential(
    nn.Linear(20, 128), nn.BatchNorm1d(128), nn.ReLU(), nn.Linear(128, 4)
)
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
for idx in torch.randperm(2048).split(64):  # one epoch
    loss = F.cross_entropy(model(x[idx]), y[idx])
    opt.zero_grad()
    loss.backward()
    opt.step()


def loss_on(**criterion):
    with torch.no_grad():
        return F.cross_entropy(model(x[:64]), y[:64], **criterion).item()


# eval mode: BatchNorm normalizes with the running averages it kept during training
model.eval()
evaluated = loss_on()
print(f"eval mode:                          {evaluated:.3f}")
# > eval mode:                          0.204
# a regulariser in the training criterion raises the training number only
# two decimals: the third differed between two clean runs on the same CPU
print(f"eval mode, label_smoothing=0.1:     {loss_on(label_smoothing=0.1):.2f}")
# > eval mode, label_smoothing=0.1:     0.65
penalty = 1e-3 * sum(p.pow(2).sum() for p in model.parameters()).item()
print(f"eval mode, + 1e-3 * sum of squares: {evaluated + penalty:.3f}")
# > eval mode, + 1e-3 * sum of squares: 0.420
# train mode: BatchNorm normalizes with the batch's own statistics instead
model.train()
print(f"train mode, same weights and batch: {loss_on():.3f}")
# > train mode, same weights and batch: 0.339
