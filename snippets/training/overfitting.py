import copy

import torch
from torch import nn
from torch.nn.functional import cross_entropy

torch.manual_seed(0)


def make_data(n):
    x = torch.randn(n, 2)
    y = (x[:, 0] + x[:, 1] > 0).long()  # the true rule is linear
    # 30% of the labels are wrong: noise a model can only memorize
    flip = torch.rand(n) < 0.3
    return x, torch.where(flip, 1 - y, y)


x_train, y_train = make_data(32)
x_val, y_val = make_data(64)


def fit(model, epochs=50):
    opt = torch.optim.Adam(model.parameters(), lr=3e-2)
    best, log = (float("inf"), 0, None), []
    for epoch in range(1, epochs + 1):  # full batch: one step per epoch
        model.train()
        loss = cross_entropy(model(x_train), y_train)
        opt.zero_grad()
        loss.backward()
        opt.step()
        model.eval()  # validate in eval mode, without a graph
        with torch.no_grad():
            val = cross_entropy(model(x_val), y_val).item()
        # early stopping: keep the weights of the best validation epoch
        if val < best[0]:
            best = (val, epoch, copy.deepcopy(model.state_dict()))
        if epoch % 10 == 0:
            log.append(f"epoch {epoch:2d}  train {loss.item():.2f}  val {val:.2f}")
    return log, best


big = nn.Sequential(
    nn.Linear(2, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 2)
)
log, (best_val, best_epoch, best_state) = fit(big)
# train loss keeps falling while val loss climbs: it is memorizing the noise
print("\n".join(log))
# > epoch 10  train 0.49  val 0.70
# > epoch 20  train 0.32  val 1.21
# > epoch 30  train 0.19  val 2.06
# > epoch 40  train 0.12  val 2.65
# > epoch 50  train 0.07  val 3.39
# fix 1: early stopping, roll back to the best validation epoch
big.load_state_dict(best_state)
print(f"best epoch {best_epoch}  val {best_val:.2f}")
# > best epoch 2  val 0.66

small = nn.Linear(2, 2)  # fix 2: capacity that matches the signal, not the noise
log, _ = fit(small)
print("\n".join(log))
# > epoch 10  train 0.58  val 0.69
# > epoch 20  train 0.57  val 0.72
# > epoch 30  train 0.57  val 0.73
# > epoch 40  train 0.57  val 0.72
# > epoch 50  train 0.57  val 0.71
