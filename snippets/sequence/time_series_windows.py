import torch

torch.manual_seed(0)
T, WINDOW, HORIZON = 100, 12, 3  # 12 past steps in, the next 3 out
t = torch.arange(T)  # the time index, to check where each target comes from
series = torch.sin(t / 5) + 0.1 * torch.randn(T) + t / 50  # a trend: stats drift


def windows(s):
    w = s.unfold(0, WINDOW + HORIZON, 1)  # (n, WINDOW + HORIZON), a view, no copy
    return w[:, :WINDOW], w[:, WINDOW:]


# Split by time first: targets from step 80 on are validation
SPLIT = 80
train, val = series[:SPLIT], series[SPLIT - WINDOW :]  # val may read train as context
mean, std = train.mean(), train.std()  # statistics of the training part only
x_tr, y_tr = windows((train - mean) / std)
x_va, y_va = windows((val - mean) / std)
print(tuple(x_tr.shape), tuple(y_tr.shape), tuple(x_va.shape), tuple(y_va.shape))
# > (66, 12) (66, 3) (18, 12) (18, 3)

_, ty_tr = windows(t[:SPLIT])
_, ty_va = windows(t[SPLIT - WINDOW :])
print(ty_tr.max().item(), ty_va.min().item(), ty_va.max().item())
# > 79 80 99
print(torch.isin(ty_tr, ty_va).any().item())
# > False

# A shuffled split of all windows: validation targets sit inside training windows
tx_all, ty_all = windows(t)
perm = torch.randperm(len(ty_all))
tr_idx, va_idx = perm[:70], perm[70:]
seen = torch.cat([tx_all[tr_idx].flatten(), ty_all[tr_idx].flatten()])
leak = torch.isin(ty_all[va_idx], seen).float().mean().item()
print(f"{leak:.0%} of shuffled validation targets appear in training windows")
# > 100% of shuffled validation targets appear in training windows
print(f"{series[:SPLIT].mean():.2f} vs {series.mean():.2f}")  # mean with val included
# > 0.92 vs 1.02
w = series.unfold(0, WINDOW + HORIZON, 1)
same = w.untyped_storage().data_ptr() == series.untyped_storage().data_ptr()
print(tuple(w.shape), w.stride(), same)  # rows overlap in memory: stride 1, not 15
# > (86, 15) (1, 1) True
