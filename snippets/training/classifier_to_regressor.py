import warnings

import torch
import torch.nn.functional as F
from torch import nn

torch.set_default_dtype(torch.float64)  # so the printed values do not depend on threads
torch.manual_seed(0)
A = torch.randn(4, 20)


def world(n):  # 4 hidden factors behind 20 inputs
    z = torch.randn(n, 4)
    return z, torch.tanh(z @ A) + 0.1 * torch.randn(n, 20)


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 32))
        self.fc = nn.Linear(32, 10)  # the head: 10 class logits

    def forward(self, x):
        return self.fc(torch.relu(self.features(x)))


def train(model, X, y, loss_fn, steps=300, lr=3e-3):
    opt = torch.optim.Adam(model.parameters(), lr=lr)  # built after the head swap
    for _ in range(steps):
        opt.zero_grad()
        loss_fn(model(X), y).backward()
        opt.step()


# a classifier trained on a related task
z, X = world(5000)
clf = Classifier()
train(clf, X, (z @ torch.randn(4, 10)).argmax(1), F.cross_entropy)

# the regression task: a price around 300,000, from the same factors
w_price = torch.randn(4)
z_train, X_train = world(1000)
z_test, X_test = world(2000)
y_train, y_test = (300_000 + 80_000 * z @ w_price for z in (z_train, z_test))


def r2(pred, y):  # 1 is perfect, 0 is predicting the mean
    return 1 - ((pred - y) ** 2).sum().item() / ((y - y.mean()) ** 2).sum().item()


def regressor():
    model = Classifier()
    model.load_state_dict(clf.state_dict())
    model.fc = nn.Linear(model.fc.in_features, 1)  # one output, no softmax
    return model


print(regressor().fc)
# > Linear(in_features=32, out_features=1, bias=True)

# 1. raw targets: each Adam step moves a weight by about lr, the bias needs 300,000
raw = regressor()
train(raw, X_train, y_train.unsqueeze(1), F.mse_loss)
with torch.no_grad():
    print(f"raw targets:    test R^2 {r2(raw(X_test).squeeze(1), y_test):.2f}")
    # > raw targets:    test R^2 -0.66

# 2. standardized targets, with the training split's mean and std; map back to predict
mean, std = y_train.mean(), y_train.std()
scaled = regressor()
train(scaled, X_train, ((y_train - mean) / std).unsqueeze(1), F.mse_loss)
with torch.no_grad():
    pred = scaled(X_test).squeeze(1) * std + mean
    print(f"standardized:   test R^2 {r2(pred, y_test):.2f}")
    # > standardized:   test R^2 0.90

# 3. 5% of the training prices wrong by +3,000,000: MSE chases them, Huber does not
y_noisy = y_train.clone()
y_noisy[torch.randperm(1000)[:50]] += 3_000_000
mean_n, std_n = y_noisy.mean(), y_noisy.std()
for name, loss_fn in (("MSE", F.mse_loss), ("Huber", F.huber_loss)):
    model = regressor()
    train(model, X_train, ((y_noisy - mean_n) / std_n).unsqueeze(1), loss_fn)
    with torch.no_grad():
        pred = model(X_test).squeeze(1) * std_n + mean_n
        print(f"outliers, {name:5}: test R^2 {r2(pred, y_test):.2f}")
        # > outliers, MSE  : test R^2 0.31
        # > outliers, Huber: test R^2 0.82

# the shape trap: an (N, 1) prediction against an (N,) target broadcasts to (N, N)
target = (y_train - mean) / std
with warnings.catch_warnings(record=True) as caught, torch.no_grad():
    warnings.simplefilter("always")
    F.mse_loss(scaled(X_train), target)  # runs, with a UserWarning
    print(caught[0].category.__name__, (scaled(X_train) - target).shape)
    # > UserWarning torch.Size([1000, 1000])
