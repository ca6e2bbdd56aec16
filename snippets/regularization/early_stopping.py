import copy

import torch
from torch import nn

torch.manual_seed(0)
# 30 noisy samples of a smooth curve: a 2x128 MLP ends up memorizing the noise
x_train, x_val = torch.rand(30, 1) * 4 - 2, torch.rand(200, 1) * 4 - 2
y_train = torch.sin(2 * x_train) + 0.4 * torch.randn(30, 1)
y_val = torch.sin(2 * x_val) + 0.4 * torch.randn(200, 1)


class EarlyStopping:
    def __init__(self, patience=20, min_delta=1e-3):
        self.patience, self.min_delta = patience, min_delta
        self.best, self.best_epoch, self.best_state, self.bad = float("inf"), 0, None, 0

    def step(self, val, model, epoch):  # True: stop now
        if val < self.best - self.min_delta:  # an improvement by more than min_delta
            self.best, self.best_epoch, self.bad = val, epoch, 0
            self.best_state = copy.deepcopy(model.state_dict())  # a copy
            self.no_copy = model.state_dict()  # the bug: references to the live weights
        else:
            self.bad += 1
        return self.bad >= self.patience


def val_loss(model):
    model.eval()
    with torch.no_grad():
        return nn.functional.mse_loss(model(x_val), y_val).item()


model = nn.Sequential(
    nn.Linear(1, 128), nn.ReLU(), nn.Linear(128, 128), nn.ReLU(), nn.Linear(128, 1)
)
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
stopper = EarlyStopping()
for epoch in range(1, 1001):
    model.train()
    loss = nn.functional.mse_loss(model(x_train), y_train)
    opt.zero_grad()
    loss.backward()
    opt.step()
    val = val_loss(model)
    stop = stopper.step(val, model, epoch)
    if stopper.best_epoch == epoch:
        train_at_best = loss.item()
    if stop:
        break
print(f"stopped at epoch {epoch}, best epoch {stopper.best_epoch}")
# > stopped at epoch 35, best epoch 15
print(f"val: best {stopper.best:.3f}, at the stop {val:.3f}")
# > val: best 0.172, at the stop 0.200
print(f"train: at the best epoch {train_at_best:.3f}, at the stop {loss.item():.3f}")
# > train: at the best epoch 0.178, at the stop 0.142
# without the copy, the "best" weights are the last ones: training moved them
print(torch.equal(stopper.no_copy["0.weight"], model[0].weight))
# > True
model.load_state_dict(stopper.best_state)
print(val_loss(model) == stopper.best)
# > True
