# %% [markdown]
# # A complete training loop, and the moment it starts to overfit
#
# A small classifier trained on synthetic data, from the data to the curves. Three
# choices make overfitting happen on purpose, so that you can see it and date it:
#
# - **noisy labels**: each training label is flipped with probability 0.2, so part of
#   what there is to learn is noise;
# - **a model big enough to memorise**: two hidden layers of 256 units for 300 training
#   examples;
# - **room to memorise**: two of the four input coordinates carry no information.
#
# The validation labels are clean. Everything runs on CPU, on one thread as the site's
# build runs it (`torch.set_num_threads(1)` below), in well under a minute.
#
# Related questions:
# [training loss falls while validation loss rises](../training/index.md#overfitting),
# [`model.train()` and `model.eval()`](../training/index.md#train-vs-eval),
# [why `zero_grad()`](../training/index.md#zero-grad),
# [why overfit a single batch first](../debugging/index.md#overfit-one-batch).

# %%
import copy

import matplotlib.pyplot as plt
import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.set_num_threads(1)  # these matrices are too small to split between threads

# %% [markdown]
# ## The data
#
# Points in 4-D. The class depends only on the first two coordinates: 1 outside a
# circle, 0 inside. The other two coordinates are pure noise, and they give the model
# room to memorise: a training point that sits close to points of the other class in
# the first two coordinates can be far from them in 4-D (the last section trains the
# same model with those two coordinates set to 0). Then each *training* label is
# flipped with probability 0.2. A model that fits the flipped labels has learned
# something false, and the clean validation set will show it.


# %%
def make_data(n: int, generator: torch.Generator) -> tuple[torch.Tensor, torch.Tensor]:
    x = torch.randn(n, 4, generator=generator)
    y = (x[:, 0] ** 2 + x[:, 1] ** 2 > 1.4).long()
    return x, y


g = torch.Generator().manual_seed(0)
x_train, y_clean = make_data(300, g)
x_val, y_val = make_data(1000, g)

flip = torch.rand(len(y_clean), generator=g) < 0.2
y_train = torch.where(flip, 1 - y_clean, y_clean)
print(f"train: {len(x_train)} points, {int(flip.sum())} labels flipped")
print(f"validation: {len(x_val)} points, clean labels")

shuffle = torch.Generator().manual_seed(0)
train_loader = DataLoader(
    TensorDataset(x_train, y_train), batch_size=32, shuffle=True, generator=shuffle
)
val_loader = DataLoader(TensorDataset(x_val, y_val), batch_size=500)

# %% [markdown]
# ## The model, the loss, the optimizer
#
# `nn.CrossEntropyLoss` takes raw logits and applies `log_softmax` itself, so the model
# ends without a softmax. Its targets here are class indices; it also accepts class
# probabilities ([docs][ce]).
#
# [ce]: https://docs.pytorch.org/docs/stable/generated/torch.nn.CrossEntropyLoss.html


# %%
def make_model() -> nn.Module:
    torch.manual_seed(0)  # the same initial weights at every call
    return nn.Sequential(
        nn.Linear(4, 256),
        nn.ReLU(),
        nn.Linear(256, 256),
        nn.ReLU(),
        nn.Linear(256, 2),
    )


model = make_model()
loss_fn = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
n_parameters = sum(p.numel() for p in model.parameters())
print(f"{n_parameters:,} parameters for {len(x_train)} training points")

# %% [markdown]
# ## One epoch of training, one pass of evaluation
#
# The order inside the training step is the one to know by heart: `zero_grad`,
# forward, loss, `backward`, `step`. Evaluation switches the model to eval mode (it
# changes dropout and batch norm; this model has neither) and turns off graph recording
# with `torch.no_grad()`. Both functions return the loss averaged over examples, not
# over batches, so that the last batch (12 of the 300 examples, after nine of 32) does
# not weigh as much as a full one.


# %%
def train_one_epoch(model, loader, loss_fn, optimizer) -> float:
    model.train()
    total, count = 0.0, 0
    for x, y in loader:
        optimizer.zero_grad()
        loss = loss_fn(model(x), y)
        loss.backward()
        optimizer.step()
        total += loss.item() * len(y)
        count += len(y)
    return total / count


@torch.no_grad()
def evaluate(model, loader, loss_fn) -> tuple[float, float]:
    model.eval()
    total, correct, count = 0.0, 0, 0
    for x, y in loader:
        logits = model(x)
        total += loss_fn(logits, y).item() * len(y)
        correct += (logits.argmax(dim=1) == y).sum().item()
        count += len(y)
    return total / count, correct / count


# %% [markdown]
# ## The loop
#
# Each epoch records the training loss, the validation loss and accuracy, and keeps a
# copy of the weights with the lowest validation loss so far. `copy.deepcopy` matters:
# `model.state_dict()` returns references to the live tensors, which the next
# `optimizer.step()` would overwrite (see
# [why the saved "best model" changed](../checkpoints/index.md#state-dict-copy)).


# %%
def fit(model, optimizer, train_loader, val_loader, epochs: int, log: bool = True):
    history = {"train": [], "val": [], "val_acc": []}
    best = {"epoch": -1, "val": float("inf"), "state": None}
    for epoch in range(epochs):
        train_loss = train_one_epoch(model, train_loader, loss_fn, optimizer)
        val_loss, val_acc = evaluate(model, val_loader, loss_fn)
        history["train"].append(train_loss)
        history["val"].append(val_loss)
        history["val_acc"].append(val_acc)
        if val_loss < best["val"]:
            state = copy.deepcopy(model.state_dict())
            best = {"epoch": epoch, "val": val_loss, "state": state}
        if log and (epoch % 10 == 0 or epoch == epochs - 1):
            print(
                f"epoch {epoch:3d}  train loss {train_loss:.3f}  "
                f"val loss {val_loss:.3f}  val acc {val_acc:.3f}"
            )
    return history, best


epochs = 100
history, best = fit(model, optimizer, train_loader, val_loader, epochs)

# %% [markdown]
# ## The curves
#
# The vertical line marks the epoch with the lowest validation loss.

# %% alt="Validation loss is lowest at the dashed line, then rises; training loss falls"
fig, (ax_loss, ax_acc) = plt.subplots(1, 2, figsize=(9, 3.2))
ax_loss.plot(history["train"], label="train loss (noisy labels)")
ax_loss.plot(history["val"], label="validation loss (clean labels)")
ax_loss.axvline(
    best["epoch"],
    color="gray",
    linestyle="--",
    label=f"lowest validation loss (epoch {best['epoch']})",
)
ax_loss.set_xlabel("epoch")
ax_loss.set_ylabel("cross-entropy")
ax_loss.set_ylim(bottom=0)
ax_loss.legend(fontsize=8)
ax_acc.plot(history["val_acc"], color="tab:orange")
ax_acc.axvline(best["epoch"], color="gray", linestyle="--")
ax_acc.set_xlabel("epoch")
ax_acc.set_ylabel("validation accuracy")
fig.tight_layout()
plt.show()

# %% [markdown]
# ## Reading the curves: where it overfits, and why
#
# - **Up to the line** the validation loss falls, fast for about ten epochs and then
#   barely, with noise from epoch to epoch: the model is learning the circle, which the
#   training and the validation data have in common.
# - **At the line** the validation loss is at its lowest. The training loss is still
#   well above zero: a model that knew the circle and nothing else would get the
#   flipped labels wrong. The best such a model can do is to give the points of each
#   true class the flip rate of that class as the probability of the other label; its
#   training cross-entropy is then the entropy of those rates, averaged over the
#   points (the *floor* printed below).
# - **After the line** the training loss keeps falling toward zero while the validation
#   loss rises. Below the floor, the only way down is to fit the flipped labels one by
#   one: to carve a small island of the wrong class around each of them. Those islands
#   are wrong on new points, and the validation loss counts them.
#
# The line does not mark where memorising starts. With the weights of that epoch, the
# model already fits a third of the flipped labels. Mistakes near the circle alone would
# not do that: if its mistakes fell on flipped and other points alike, it would fit
# about as many flipped labels as it gets validation points wrong, 11%, and it gets only
# 2% of the other training labels wrong. Its cross-entropy on the training set is
# already below the floor too. The line is the lowest point of a flat, noisy stretch in
# which the harm done by the islands roughly balances what the model still learns about
# the circle; after it, the harm wins. That is overfitting.

# %%
last_state = copy.deepcopy(model.state_dict())
floor = 0.0
for c in (0, 1):
    rate = flip[y_clean == c].float().mean()
    entropy = -(rate * rate.log() + (1 - rate) * (1 - rate).log())
    floor += (y_clean == c).float().mean().item() * entropy.item()
print(f"floor (knows only the circle): train CE {floor:.3f}")

model.eval()
val_acc_of = {"best": history["val_acc"][best["epoch"]], "last": history["val_acc"][-1]}
for name, state in (("best", best["state"]), ("last", last_state)):
    model.load_state_dict(state)
    with torch.no_grad():
        logits = model(x_train)
    predicted = logits.argmax(dim=1)
    memorised = (predicted[flip] == y_train[flip]).float().mean().item()
    clean_wrong = (predicted[~flip] != y_train[~flip]).float().mean().item()
    print(
        f"{name} epoch: train CE {loss_fn(logits, y_train).item():.3f}, "
        f"flipped labels fitted {memorised:.0%}"
    )
    print(
        f"  wrong on {clean_wrong:.0%} of the other training labels, "
        f"on {1 - val_acc_of[name]:.0%} of the validation points"
    )

# %% [markdown]
# ## Loss or accuracy?
#
# Validation *accuracy* moves less than validation loss. Accuracy counts the mistakes;
# cross-entropy also weighs how confident each one is, and the model grows more
# confident as it memorises (confidence: the mean probability of the predicted class):

# %%
for name, state in (("best", best["state"]), ("last", last_state)):
    model.load_state_dict(state)
    val_loss, val_acc = evaluate(model, val_loader, loss_fn)
    with torch.no_grad():
        logits = model(x_val)
    confidence = logits.softmax(dim=1).max(dim=1).values.mean().item()
    wrong = logits.argmax(dim=1) != y_val
    wrong_loss = F.cross_entropy(logits[wrong], y_val[wrong]).item()
    print(
        f"{name} epoch: val loss {val_loss:.3f}, acc {val_acc:.3f}, "
        f"confidence {confidence:.3f}, {int(wrong.sum())} wrong "
        f"(loss {wrong_loss:.2f} on them)"
    )

top_acc = max(range(epochs), key=lambda epoch: history["val_acc"][epoch])
acc_at_best = history["val_acc"][best["epoch"]]
print(f"highest val acc: epoch {top_acc} ({history['val_acc'][top_acc]:.3f})")
print(f"lowest val loss: epoch {best['epoch']} (val acc {acc_at_best:.3f})")

# %% [markdown]
# This loop selects the epoch on the loss, and that is a choice: select on the metric
# you will report, with the loss as a smoother stand-in for it. Here the two pick epochs
# two apart, with validation accuracies 0.001 apart.
#
# ## Early stopping: keep the best epoch
#
# Restoring the copy kept at the lowest validation loss is early stopping after the
# fact. A real loop also stops once the validation loss has not improved for a number of
# epochs (the *patience*). The validation set chose the epoch: its loss there is the
# lowest of 100 noisy measurements on the same 1000 points, so it is biased low. The
# number to report comes from a test set that chose nothing. One test set cannot measure
# that bias here: the same weights score differently on each new test set of 1000
# points, by more than the gap between the validation and the test loss:

# %%
x_test, y_test = make_data(1000, torch.Generator().manual_seed(1))
test_loader = DataLoader(TensorDataset(x_test, y_test), batch_size=500)
model.load_state_dict(best["state"])
for name, loader in (("validation", val_loader), ("test", test_loader)):
    loss, acc = evaluate(model, loader, loss_fn)
    print(
        f"best epoch ({best['epoch']}), {name + ':':11} loss {loss:.3f}, acc {acc:.3f}"
    )
other_tests = []
for seed in range(2, 10):
    x_other, y_other = make_data(1000, torch.Generator().manual_seed(seed))
    other = DataLoader(TensorDataset(x_other, y_other), batch_size=500)
    other_tests.append(evaluate(model, other, loss_fn)[0])
print(
    f"8 other test sets of 1000 points: loss from {min(other_tests):.3f} "
    f"to {max(other_tests):.3f}"
)

# %% [markdown]
# The other remedies are more data, a smaller model, weight decay, dropout, data
# augmentation, or cleaning the labels
# ([the overfitting question](../training/index.md#overfitting) runs a smaller model).
# Label smoothing, `label_smoothing=` in `nn.CrossEntropyLoss`, is often named for
# noisy labels: each target becomes a mix of its label and the uniform distribution
# ([docs][smoothing]). That caps the confidence the loss asks for on every label, a
# flipped one included, but the smoothed target still puts most of its weight on that
# label, so it does not stop the model from fitting it. It is a calibration tool, not
# a remedy for memorisation (not trained on this page); here early stopping is what
# does that work.
#
# [smoothing]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/torch/nn/modules/loss.py#L1293-L1296
#
# ## Why the noise coordinates matter
#
# The same model, the same initial weights, labels and shuffle order, with the two noise
# coordinates set to 0. The model fits far fewer of the flipped labels, and its
# validation loss reaches a lower minimum, later:

# %%
x_train_2d, x_val_2d = x_train.clone(), x_val.clone()
x_train_2d[:, 2:] = 0
x_val_2d[:, 2:] = 0
model_2d = make_model()
history_2d, best_2d = fit(
    model_2d,
    torch.optim.Adam(model_2d.parameters(), lr=1e-3),
    DataLoader(
        TensorDataset(x_train_2d, y_train),
        batch_size=32,
        shuffle=True,
        generator=torch.Generator().manual_seed(0),
    ),
    DataLoader(TensorDataset(x_val_2d, y_val), batch_size=500),
    epochs,
    log=False,
)

model.load_state_dict(last_state)
runs = (("4-D", model, x_train, best), ("2-D", model_2d, x_train_2d, best_2d))
for name, m, x_in, b in runs:
    with torch.no_grad():
        memorised = (m(x_in).argmax(dim=1)[flip] == y_train[flip]).float().mean()
    print(
        f"{name}: flipped labels fitted {memorised:.0%} after {epochs} epochs; "
        f"lowest val loss {b['val']:.3f} (epoch {b['epoch']})"
    )
