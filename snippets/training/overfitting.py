import copy

import torch
from torch import nn
from torch.nn.functional import cross_entropy

torch.manual_seed(0)


def make_data(n):
    x = torch.randn(n, 2)
    y = (x[:, 0] + x[:, 1] > 0).long()  # the true rule is linear
    # 20% of the labels are wrong: noise a model can only memorize
    flip = torch.rand(n) < 0.2
    return x, torch.where(flip, 1 - y, y)


x_train, y_train = make_data(32)
x_val, y_val = make_data(64)  # picks the epoch
x_test, y_test = make_data(1000)  # judges the pick: used for nothing else


def evaluate(model, x=x_val, y=y_val):
    model.eval()  # eval mode; no_grad only saves the graph's memory
    with torch.no_grad():
        out = model(x)
    acc = (out.argmax(dim=1) == y).float().mean().item()
    return cross_entropy(out, y).item(), acc


def report(model):
    (val, val_acc), (_, test_acc) = evaluate(model), evaluate(model, x_test, y_test)
    return f"val loss {val:.2f}, accuracy val {val_acc:.2f} test {test_acc:.2f}"


def fit(model, epochs=50):
    opt = torch.optim.Adam(model.parameters(), lr=3e-2)
    best, log = (float("inf"), 0, None), []
    for epoch in range(1, epochs + 1):  # full batch: one step per epoch
        model.train()
        loss = cross_entropy(model(x_train), y_train)
        opt.zero_grad()
        loss.backward()
        opt.step()
        val, acc = evaluate(model)
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
# > epoch 10  train 0.45  val 0.57
# > epoch 20  train 0.26  val 0.92
# > epoch 30  train 0.16  val 2.28
# > epoch 40  train 0.11  val 3.12
# > epoch 50  train 0.06  val 3.90
print(f"last epoch: {report(big)}")
# > last epoch: val loss 3.90, accuracy val 0.62 test 0.57
# fix 1: early stopping, roll back to the best validation epoch
big.load_state_dict(best_state)
print(f"best epoch {best_epoch}: {report(big)}")
# > best epoch 8: val loss 0.55, accuracy val 0.81 test 0.74

# fix 2: a model with too little capacity to memorize 32 noisy labels
small = nn.Linear(2, 2)
log, _ = fit(small)
print("\n".join(log))
# > epoch 10  train 0.58  val 0.62
# > epoch 20  train 0.53  val 0.59
# > epoch 30  train 0.52  val 0.58
# > epoch 40  train 0.52  val 0.59
# > epoch 50  train 0.52  val 0.60
print(f"last epoch: {report(small)}")
# > last epoch: val loss 0.60, accuracy val 0.73 test 0.66
