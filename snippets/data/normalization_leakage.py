import torch
from torch import nn

torch.manual_seed(0)
# 100 samples, 3 features; the last 20 (validation) come from a shifted distribution,
# as a later time period or another hospital would.
x = torch.randn(100, 3)
x[80:] += 2.0
train_idx, val_idx = torch.arange(80), torch.arange(80, 100)


def fit(data):  # the "fit" of a preprocessing step: its statistics
    return data.mean(0), data.std(0)


def r(t):
    return [round(v, 2) for v in t.tolist()]


def normalize(data, stats):
    mean, std = stats
    return (data - mean) / std


leaky = fit(x)  # before the split: validation samples are inside the statistics
clean = fit(x[train_idx])  # train only
print("mean, all data:  ", r(leaky[0]))
# > mean, all data:   [0.39, 0.34, 0.5]
print("mean, train only:", r(clean[0]))
# > mean, train only: [0.03, -0.12, 0.16]

# The leak: the training inputs depend on the validation data.
x2 = x.clone()
x2[val_idx] *= 10  # change only validation samples
train_leaky = normalize(x2[train_idx], fit(x2))
train_clean = normalize(x2[train_idx], fit(x2[train_idx]))
print(
    "train inputs changed by validation data:",
    not torch.allclose(train_leaky, normalize(x[train_idx], leaky)),
    not torch.allclose(train_clean, normalize(x[train_idx], clean)),
)
# > train inputs changed by validation data: True False

# Validation normalized with the train-only statistics shows the shift honestly;
# the leaky statistics have absorbed part of it.
val_clean = normalize(x[val_idx], clean)
val_leaky = normalize(x[val_idx], leaky)
print("val mean, train stats:", r(val_clean.mean(0)))
# > val mean, train stats: [1.99, 2.56, 1.65]
print("val mean, all stats:  ", r(val_leaky.mean(0)))
# > val mean, all stats:   [1.23, 1.43, 1.13]


# The train-only statistics are part of the model: buffers, saved in its state_dict
# and applied unchanged to validation, test and serving inputs.
class Normalize(nn.Module):
    def __init__(self, mean, std):
        super().__init__()
        self.register_buffer("mean", mean)
        self.register_buffer("std", std)

    def forward(self, x):
        return (x - self.mean) / self.std


norm = Normalize(*clean)
print(list(norm.state_dict()), torch.equal(norm(x[val_idx]), val_clean))
# > ['mean', 'std'] True
