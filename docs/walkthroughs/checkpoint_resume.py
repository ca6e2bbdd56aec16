# %% [markdown]
# # Checkpoint and resume, bit for bit
#
# A run that crashes after epoch 3 and is resumed from its checkpoint should end with
# exactly the weights an
# uninterrupted run would have reached: not close, equal (`torch.equal`). That holds
# only if the checkpoint holds
# everything the rest of the run depends on:
#
# | State | Why the rest of the run depends on it |
# | --- | --- |
# | model `state_dict()` | the weights, and buffers such as BatchNorm's running
# statistics |
# | optimizer `state_dict()` | AdamW's moment estimates and step counts, the current
# learning rate |
# | scheduler `state_dict()` | where the run is in the learning-rate schedule |
# | RNG states | dropout masks (global torch RNG) and the shuffle order (the
# DataLoader's generator) |
# | epoch counter, history | where to restart, and the curves so far |
#
# This walkthrough writes such a checkpoint, crashes a run on purpose, resumes it,
# compares it with an
# uninterrupted run, then leaves out each piece in turn to show what breaks.
#
# Related questions: [what goes into a checkpoint you can resume
# from?](../checkpoints/index.md#full-checkpoint),
# [why `state_dict` and not the whole model?](../checkpoints/index.md#save-and-load),
# [`weights_only`](../checkpoints/index.md#weights-only),
# [reproducibility](../debugging/index.md#reproducibility).

# %%
import os
import tempfile
from pathlib import Path

import matplotlib.pyplot as plt
import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

EPOCHS = 8

g = torch.Generator().manual_seed(0)
x = torch.randn(256, 8, generator=g)
y = torch.sin(x[:, :2].sum(dim=1, keepdim=True)) + 0.1 * torch.randn(
    256, 1, generator=g
)
dataset = TensorDataset(x, y)

# %% [markdown]
# ## Everything a run is made of
#
# `build()` creates the model, the optimizer, a learning-rate schedule that steps after
# every batch, and a
# shuffling DataLoader with its own `torch.Generator`, so that the shuffle order has a
# state we can save. It also
# seeds the global RNG, which initialises the weights and draws the dropout masks.


# %%
def build():
    torch.manual_seed(0)
    model = nn.Sequential(
        nn.Linear(8, 64), nn.ReLU(), nn.Dropout(0.1), nn.Linear(64, 1)
    )
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2)
    loader = DataLoader(
        dataset, batch_size=32, shuffle=True, generator=torch.Generator().manual_seed(0)
    )
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(
        optimizer, T_max=EPOCHS * len(loader)
    )
    return model, optimizer, scheduler, loader


def train_one_epoch(model, optimizer, scheduler, loader) -> float:
    model.train()
    total = 0.0
    for xb, yb in loader:
        optimizer.zero_grad()
        loss = F.mse_loss(model(xb), yb)
        loss.backward()
        optimizer.step()
        scheduler.step()
        total += loss.item() * len(xb)
    return total / len(loader.dataset)


# %% [markdown]
# ## Saving and loading
#
# The checkpoint is a dictionary of state dicts, tensors and plain Python values, so
# `torch.load` can read it
# with its default `weights_only=True`, which refuses to unpickle arbitrary objects. It
# is written to a temporary
# name and then renamed: `os.replace` is atomic, so a crash in the middle of
# `torch.save` never leaves a truncated
# checkpoint behind in place of the last good one.
#
# `skip` exists only for the experiments at the end, to leave pieces out.


# %%
def save_checkpoint(
    path: Path, epoch, model, optimizer, scheduler, loader, losses
) -> None:
    checkpoint = {
        "epoch": epoch,  # epochs completed
        "model": model.state_dict(),
        "optimizer": optimizer.state_dict(),
        "scheduler": scheduler.state_dict(),
        "rng": {"torch": torch.get_rng_state(), "loader": loader.generator.get_state()},
        "losses": losses,
    }
    tmp = path.with_suffix(".tmp")
    torch.save(checkpoint, tmp)
    os.replace(tmp, path)


def load_checkpoint(
    path: Path, model, optimizer, scheduler, loader, skip=()
) -> tuple[int, list[float]]:
    checkpoint = torch.load(path)  # weights_only=True
    model.load_state_dict(checkpoint["model"])
    if "optimizer" not in skip:
        optimizer.load_state_dict(checkpoint["optimizer"])
    if "scheduler" not in skip:
        scheduler.load_state_dict(checkpoint["scheduler"])
    if "rng" not in skip:
        torch.set_rng_state(checkpoint["rng"]["torch"])
        loader.generator.set_state(checkpoint["rng"]["loader"])
    return checkpoint["epoch"], checkpoint["losses"]


# %% [markdown]
# ## The training script
#
# `run()` is what the training script does when it starts: resume from the checkpoint if
# there is one, then
# train to the end, saving after every epoch. `crash_after` makes it stop dead after
# that many epochs, as if the
# machine had gone away.


# %%
def run(path: Path, crash_after: int | None = None, skip=()):
    model, optimizer, scheduler, loader = build()
    start, losses = 0, []
    if path.exists():
        start, losses = load_checkpoint(path, model, optimizer, scheduler, loader, skip)
        print(f"resumed from {path.name} after epoch {start}")
    for epoch in range(start, EPOCHS):
        losses.append(train_one_epoch(model, optimizer, scheduler, loader))
        save_checkpoint(path, epoch + 1, model, optimizer, scheduler, loader, losses)
        if crash_after is not None and epoch + 1 == crash_after:
            print(f"crashed after epoch {epoch + 1}")
            return None, losses
    return model, losses


workdir = tempfile.TemporaryDirectory()  # nothing is written next to the notebook

# %% [markdown]
# ## The uninterrupted run, and the interrupted one

# %%
reference, reference_losses = run(Path(workdir.name) / "uninterrupted.pt")

checkpoint_path = Path(workdir.name) / "run.pt"
run(checkpoint_path, crash_after=3)
torch.manual_seed(12345)  # a new process starts in some other RNG state
resumed, resumed_losses = run(checkpoint_path)


def same_parameters(a: nn.Module, b: nn.Module) -> bool:
    return all(
        torch.equal(p, q) for p, q in zip(a.parameters(), b.parameters(), strict=True)
    )


print(f"final parameters equal (torch.equal): {same_parameters(resumed, reference)}")
print(f"every epoch's loss equal: {resumed_losses == reference_losses}")

# %% [markdown]
# ## Leave one piece out
#
# The same crash and resume, each time restoring everything but one piece of state. The
# weights are always
# restored; what is missing is the context they are trained in.

# %%
curves = {}
for missing in ("optimizer", "scheduler", "rng"):
    path = Path(workdir.name) / f"without-{missing}.pt"
    run(path, crash_after=3)
    model, losses = run(path, skip={missing})
    curves[missing] = losses
    print(
        f"  without the {missing} state: final parameters equal: {same_parameters(model, reference)}"
    )

# %% [markdown]
# What goes wrong in each case:
#
# - **optimizer**: AdamW restarts with zero moment estimates and a step count of 0, so
# its bias correction makes
#   the first updates after the resume as large as the first updates of training, now
# applied to trained
#   weights. The current learning rate lives in the optimizer's `param_groups` too, so
# it is back at its
#   initial value.
# - **scheduler**: a fresh scheduler's step count starts again at 0, so every later
# learning rate is computed for
#   the wrong position in the schedule. (`CosineAnnealingLR` computes each rate from the
# previous one, so here
#   the restored rate decays on the wrong clock; schedulers that compute the rate from
# the step count, such as
#   `LambdaLR` or `OneCycleLR`, jump back to the start of the schedule.)
# - **RNG**: the weights and the optimizer are right, but epoch 4 sees a different
# shuffle order and different
#   dropout masks. The run is as good statistically, and not the same run: you cannot
# tell a resumed result from
#   a bug, and a bisection of a regression cannot rely on it.
#
# The loss per epoch, for the reference run and each resume. The correct resume lies
# exactly on the reference:

# %% alt="Loss per epoch: the full resume lies on the uninterrupted run, each partial resume leaves it"
epochs = range(1, EPOCHS + 1)
fig, ax = plt.subplots(figsize=(7, 3.2))
ax.plot(
    epochs,
    reference_losses,
    color="black",
    linewidth=3,
    alpha=0.3,
    label="uninterrupted",
)
ax.plot(
    epochs,
    resumed_losses,
    "o",
    color="black",
    markersize=4,
    label="resumed with everything",
)
for (missing, losses), style in zip(curves.items(), ("--", "-.", ":"), strict=True):
    ax.plot(epochs, losses, style, label=f"resumed without {missing} state")
ax.axvline(3.5, color="gray", linewidth=1)
ax.text(
    3.6, max(reference_losses), "crash and resume", color="gray", va="top", fontsize=8
)
ax.set_xlabel("epoch")
ax.set_ylabel("training loss (MSE)")
ax.legend(fontsize=8)
fig.tight_layout()
plt.show()

# %% [markdown]
# ## What else a real run saves
#
# - The Python `random` and NumPy RNG states when the data pipeline uses them
# (augmentations often do), and each
#   CUDA device's RNG state (`torch.cuda.get_rng_state_all()`).
# - The `GradScaler` state with `float16` mixed precision (`scaler.state_dict()`).
# - Resuming in the *middle* of an epoch also needs the position within the epoch: save
# at epoch boundaries, or
#   record how many batches were consumed and skip them, with a sampler whose order you
# can reproduce.
# - DataLoader workers draw their seeds from the loader's generator, so restoring it
# covers them; worker-side
#   random state beyond that is yours to seed in `worker_init_fn`.
#
# Exact reproduction also assumes the same hardware, library versions and thread
# settings, and deterministic
# kernels: on GPUs some operations are only deterministic with
# `torch.use_deterministic_algorithms(True)`.

# %%
workdir.cleanup()
