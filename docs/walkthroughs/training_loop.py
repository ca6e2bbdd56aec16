# %% [markdown]
# # A complete training loop, and the moment it starts to overfit
#
# A small classifier trained on synthetic data, from the data to the curves. Two choices
# make overfitting
# happen on purpose, so that you can see it and date it:
#
# - **noisy labels**: a fifth of the training labels are flipped at random, so part of
# what there is to learn
#   is noise;
# - **a model big enough to memorise**: two hidden layers of 256 units for 300 training
# examples.
#
# The validation labels are clean. Everything runs on CPU in a few seconds.
#
# Related questions: [training loss falls while validation loss
# rises](../training/index.md#overfitting),
# [`model.train()` and `model.eval()`](../training/index.md#train-vs-eval),
# [why `zero_grad()`](../training/index.md#zero-grad),
# [why overfit a single batch first](../debugging/index.md#overfit-one-batch).

# %%
import copy

import matplotlib.pyplot as plt
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)

# %% [markdown]
# ## The data
#
# Points in 4-D. The class depends only on the first two coordinates: 1 outside a
# circle, 0 inside. The two
# other coordinates are pure noise, and they make memorising easy: in 4-D, every
# training point has room around
# it for an island of its own. Then 20% of the *training* labels are flipped. A model
# that fits those flipped
# labels has learned something false, and the clean validation set will show it.


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
print(
    f"train: {len(x_train)} points, {int(flip.sum())} labels flipped; validation: {len(x_val)} clean points"
)

train_loader = DataLoader(
    TensorDataset(x_train, y_train), batch_size=32, shuffle=True, generator=g
)
val_loader = DataLoader(TensorDataset(x_val, y_val), batch_size=500)

# %% [markdown]
# ## The model, the loss, the optimizer
#
# `nn.CrossEntropyLoss` takes raw logits and integer class labels: no softmax in the
# model.

# %%
model = nn.Sequential(
    nn.Linear(4, 256),
    nn.ReLU(),
    nn.Linear(256, 256),
    nn.ReLU(),
    nn.Linear(256, 2),
)
loss_fn = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
print(
    f"{sum(p.numel() for p in model.parameters()):,} parameters for {len(x_train)} training points"
)

# %% [markdown]
# ## One epoch of training, one pass of evaluation
#
# The order inside the training step is the one to know by heart: `zero_grad`, forward,
# loss, `backward`,
# `step`. Evaluation switches the model to eval mode (it matters for dropout and batch
# norm, and costs nothing
# here) and turns off graph recording with `torch.no_grad()`. Both functions return the
# loss averaged over
# examples, not over batches, so that a smaller last batch does not weigh as much as a
# full one.


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
# copy of the weights with
# the lowest validation loss so far. `copy.deepcopy` matters: `model.state_dict()`
# returns references to the
# live tensors, which the next `optimizer.step()` would overwrite (see
# [why the saved "best model" changed](../checkpoints/index.md#state-dict-copy)).

# %%
epochs = 100
history = {"train": [], "val": [], "val_acc": []}
best = {"epoch": -1, "val": float("inf"), "state": None}

for epoch in range(epochs):
    train_loss = train_one_epoch(model, train_loader, loss_fn, optimizer)
    val_loss, val_acc = evaluate(model, val_loader, loss_fn)
    history["train"].append(train_loss)
    history["val"].append(val_loss)
    history["val_acc"].append(val_acc)
    if val_loss < best["val"]:
        best = {
            "epoch": epoch,
            "val": val_loss,
            "state": copy.deepcopy(model.state_dict()),
        }
    if epoch % 10 == 0 or epoch == epochs - 1:
        print(
            f"epoch {epoch:3d}  train loss {train_loss:.3f}  val loss {val_loss:.3f}  val acc {val_acc:.3f}"
        )

# %% [markdown]
# ## The curves
#
# The vertical line marks the epoch with the lowest validation loss.

# %% alt="Validation loss bottoms out at the dashed line, then rises while training loss keeps falling"
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
# - **Before the line** both losses fall: the model is learning the circle, which is
# what the training and the
#   validation data have in common.
# - **At the line** the validation loss is at its lowest. The training loss is still
# well above zero there:
#   about a fifth of the training labels are wrong, and a model that only knew the
# circle would get them wrong.
# - **After the line** the training loss keeps falling toward zero while the validation
# loss turns up. The only
#   way to push the training loss below what the noise allows is to fit the flipped
# labels one by one: to carve a
#   small island of the wrong class around each of them. Those islands are wrong on new
# points, and the
#   validation loss counts them. That is overfitting: the gap between the two curves is
# memorised noise.
#
# Validation *accuracy* moves less than validation loss: the model also grows more
# confident, and cross-entropy
# punishes confident mistakes heavily. Watch the loss to decide when to stop.
#
# The training set itself says so: the model now predicts the *flipped* label for most
# flipped points.

# %%
model.eval()
with torch.no_grad():
    predicted = model(x_train).argmax(dim=1)
memorised = (predicted[flip] == y_train[flip]).float().mean().item()
print(
    f"after {epochs} epochs: the model predicts the flipped (wrong) label for {memorised:.0%} of flipped points"
)
print(f"train loss {history['train'][-1]:.3f} vs val loss {history['val'][-1]:.3f}")

# %% [markdown]
# ## Early stopping: keep the best epoch
#
# Restoring the copy kept at the lowest validation loss is early stopping after the
# fact. A real loop also
# stops once the validation loss has not improved for a number of epochs (the
# *patience*). The other remedies
# are the usual ones: more data, a smaller model, weight decay, dropout, data
# augmentation, or cleaning the
# labels.

# %%
final_val, final_acc = evaluate(model, val_loader, loss_fn)
model.load_state_dict(best["state"])
best_val, best_acc = evaluate(model, val_loader, loss_fn)
print(f"last epoch:        val loss {final_val:.3f}  val acc {final_acc:.3f}")
print(
    f"best epoch ({best['epoch']:3d}): val loss {best_val:.3f}  val acc {best_acc:.3f}"
)
