# %% [markdown]
# # Checkpoint and resume, bit for bit
#
# A run that crashes after epoch 3 and is resumed from its checkpoint should end with
# exactly the weights an uninterrupted run would have reached: not close, equal
# (`torch.equal`). That holds only if the checkpoint holds everything the rest of the
# run depends on:
#
# - **the model's `state_dict()`**: the weights, and buffers such as BatchNorm's
#   running statistics;
# - **the optimizer's `state_dict()`**: AdamW's moment estimates and step counts, and
#   the current learning rate;
# - **the scheduler's `state_dict()`**: where the run is in the learning-rate schedule;
# - **the RNG states**: the global torch RNG (dropout masks) and the DataLoader's
#   generator (the shuffle order);
# - **the epoch counter and the history**: where to restart, and the curves so far.
#
# This walkthrough writes such a checkpoint, crashes a run on purpose, resumes it,
# compares it with an uninterrupted run, then leaves out each piece in turn to show
# what breaks.
#
# Related questions: [what goes into a checkpoint you can resume
# from?](../checkpoints/index.md#full-checkpoint),
# [why `state_dict` and not the whole model?](../checkpoints/index.md#save-and-load),
# [`weights_only`](../checkpoints/index.md#weights-only),
# [reproducibility](../debugging/index.md#reproducibility).

# %%
import os
import pickle
import re
import tempfile
from pathlib import Path

import matplotlib.pyplot as plt
import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset

EPOCHS = 8

g = torch.Generator().manual_seed(0)
x = torch.randn(256, 8, generator=g)
noise = 0.1 * torch.randn(256, 1, generator=g)
y = torch.sin(x[:, :2].sum(dim=1, keepdim=True)) + noise
dataset = TensorDataset(x, y)

# %% [markdown]
# ## Everything a run is made of
#
# `build()` creates the model, the optimizer, a learning-rate schedule that steps
# after every batch, and a shuffling DataLoader with its own `torch.Generator`, so
# that the shuffle order has a state we can save. It also seeds the global RNG, which
# initialises the weights and draws the dropout masks.


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


def optimizer_position(optimizer) -> str:
    first = optimizer.param_groups[0]["params"][0]
    step = int(optimizer.state[first]["step"]) if first in optimizer.state else 0
    return f"lr {optimizer.param_groups[0]['lr']:.6f}, AdamW step {step}"


# %% [markdown]
# ## Saving and loading
#
# The checkpoint is a dictionary of state dicts, tensors and plain Python values, so
# `torch.load` can read it with its default `weights_only=True` (the default since
# PyTorch 2.6, `False` before: [release notes][v2.6], [source][unsafe-message]),
# which unpickles only tensors, primitive types, containers of them and the types you
# allow ([docs][load]): one `pathlib.Path` in the checkpoint is enough to make the
# default load fail, as the cell after this one shows. It is written to a temporary
# name and then renamed. `os.replace` is atomic on POSIX when both names are on the
# same filesystem ([docs][replace]), so a process that dies in the middle of
# `torch.save` leaves the last good checkpoint in place, not a truncated one.
# `os.fsync` before the rename puts the new file's bytes on disk first, for the case
# where the machine itself goes down. That does not put the rename on disk: on Linux,
# the directory needs an `fsync` of its own ([fsync(2)][fsync]).
#
# `map_location="cpu"` loads every tensor onto the CPU. Without it, each goes back to
# the device it was saved from: that fails on a machine without that device, and a
# GPU checkpoint lands in GPU memory next to the model it is loaded into
# ([docs][map-location], [note][map-location-note]). `load_state_dict` then copies
# the values into the model's tensors, wherever they are, and the optimizer moves its
# state tensors to the device of each parameter, casting floating ones to its dtype;
# `step` stays as loaded, on the CPU, unless the optimizer is `capturable` or `fused`
# ([source][optimizer-device]).
#
# `skip` exists only for the experiments at the end, to leave pieces out.
#
# [load]: https://docs.pytorch.org/docs/stable/generated/torch.load.html
# [v2.6]: https://github.com/pytorch/pytorch/releases/tag/v2.6.0
# [unsafe-message]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/torch/serialization.py#L76-L81
# [map-location]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/torch/serialization.py#L1338-L1343
# [map-location-note]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/torch/serialization.py#L1390-L1393
# [optimizer-device]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/torch/optim/optimizer.py#L795-L803
# [replace]: https://docs.python.org/3/library/os.html#os.replace
# [fsync]: https://man7.org/linux/man-pages/man2/fsync.2.html


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
    with open(tmp, "wb") as f:
        torch.save(checkpoint, f)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    if os.name == "posix":  # make the rename itself durable
        directory = os.open(path.parent, os.O_RDONLY)
        os.fsync(directory)
        os.close(directory)


def load_checkpoint(
    path: Path, model, optimizer, scheduler, loader, skip=()
) -> tuple[int, list[float]]:
    checkpoint = torch.load(path, map_location="cpu")  # weights_only=True
    model.load_state_dict(checkpoint["model"])
    if "optimizer" not in skip:
        optimizer.load_state_dict(checkpoint["optimizer"])
    if "scheduler" not in skip:
        scheduler.load_state_dict(checkpoint["scheduler"])
    if "global RNG" not in skip:
        torch.set_rng_state(checkpoint["rng"]["torch"])
    if "loader generator" not in skip:
        loader.generator.set_state(checkpoint["rng"]["loader"])
    return checkpoint["epoch"], checkpoint["losses"]


# %%
workdir = tempfile.TemporaryDirectory()  # nothing is written next to the notebook

unsafe = Path(workdir.name) / "unsafe.pt"
torch.save({"epoch": 3, "run_dir": Path("runs/3")}, unsafe)
try:
    torch.load(unsafe)
except pickle.UnpicklingError as error:
    refused = re.search(r"Unsupported global: GLOBAL \S+", str(error)).group()
    print(f"torch.load refused it: {refused}")

# %% [markdown]
# ## The training script
#
# `run()` is what the training script does when it starts: resume from the checkpoint
# if there is one, then train to the end, saving after every epoch. `crash_after`
# makes it stop dead after that many epochs, as if the machine had gone away. It
# prints the learning rate and AdamW's step count where the run stops, where it
# resumes, and where it ends. `trace`, like `skip`, is there for the experiments: it
# collects the RNG states each epoch starts from.


# %%
def run(path: Path, crash_after: int | None = None, skip=(), trace=None):
    model, optimizer, scheduler, loader = build()
    start, losses = 0, []
    if path.exists():
        start, losses = load_checkpoint(path, model, optimizer, scheduler, loader, skip)
        print(f"  resumed after epoch {start}: {optimizer_position(optimizer)}")
    for epoch in range(start, EPOCHS):
        if trace is not None:
            trace.append((torch.get_rng_state(), loader.generator.get_state()))
        losses.append(train_one_epoch(model, optimizer, scheduler, loader))
        save_checkpoint(path, epoch + 1, model, optimizer, scheduler, loader, losses)
        if crash_after is not None and epoch + 1 == crash_after:
            print(f"  crashed after epoch {epoch + 1}: {optimizer_position(optimizer)}")
            return None, losses
    print(f"  finished epoch {EPOCHS}: {optimizer_position(optimizer)}")
    return model, losses


# %% [markdown]
# ## The uninterrupted run, and the interrupted one
#
# The resumed run is a fresh start of the script, as after a crash: `build()` makes
# new objects and seeds the global RNG and the loader's generator again, so whatever
# the checkpoint does not restore starts from where epoch 1 started.

# %%
print("uninterrupted")
reference_starts = []
reference, reference_losses = run(
    Path(workdir.name) / "uninterrupted.pt", trace=reference_starts
)

print("crash and resume")
checkpoint_path = Path(workdir.name) / "run.pt"
run(checkpoint_path, crash_after=3)
resumed_starts = []
resumed, resumed_losses = run(checkpoint_path, trace=resumed_starts)


def same_parameters(a: nn.Module, b: nn.Module) -> bool:
    return all(
        torch.equal(p, q) for p, q in zip(a.parameters(), b.parameters(), strict=True)
    )


def starts_like_epoch_1(starts: list) -> str:
    # does epoch 4 of a resumed run start from the RNG states epoch 1 started from?
    (rng, generator), (rng_1, generator_1) = starts[0], reference_starts[0]
    same_rng, same_order = torch.equal(rng, rng_1), torch.equal(generator, generator_1)
    return f"global RNG {same_rng}, loader generator {same_order}"


print(f"final parameters equal (torch.equal): {same_parameters(resumed, reference)}")
print(f"every epoch's loss equal: {resumed_losses == reference_losses}")
resumed_like_epoch_1 = starts_like_epoch_1(resumed_starts)
print(f"epoch 4 starts from epoch 1's RNG states: {resumed_like_epoch_1}")

# %% [markdown]
# ## Leave one piece out
#
# The same crash and resume, each time restoring everything but one piece of state.
# The weights are always restored; what is missing is the context they are trained
# in.

# %%
curves = {}
for missing in ("optimizer", "scheduler", "global RNG", "loader generator"):
    print(f"without the {missing} state")
    path = Path(workdir.name) / f"without-{missing.replace(' ', '-')}.pt"
    run(path, crash_after=3)
    starts = []
    model, losses = run(path, skip={missing}, trace=starts)
    curves[missing] = losses
    print(f"  final parameters equal: {same_parameters(model, reference)}")
    print(f"  epoch 4 starts from epoch 1's RNG states: {starts_like_epoch_1(starts)}")

# %% [markdown]
# What goes wrong in each case:
#
# - **optimizer**: AdamW restarts with no state, step count 0 and zero moment
#   estimates, so its bias correction makes the first updates after the resume as
#   large as the first updates of training ([the algorithm][adamw]), now applied to
#   trained weights. The current learning rate lives in the optimizer's `param_groups`
#   too, so it is back at its initial value, 0.01.
# - **scheduler**: a fresh scheduler's step count starts again at 0, so every later
#   learning rate is computed for the wrong position in the schedule. The learning
#   rate right after the resume is right (it comes from the optimizer's state), but
#   the run ends above 0: `CosineAnnealingLR` computes each rate from the previous
#   one, so here the restored rate decays on the wrong clock. Schedulers that compute
#   the rate from the step count jump back to the start of the schedule instead (next
#   cell).
# - **global RNG**: the weights and the optimizer are right, but epoch 4 starts from the
#   global RNG state epoch 1 started from (`global RNG True` above), so it draws the
#   dropout masks of epoch 1.
# - **loader generator**: epoch 4 starts from the generator state of epoch 1
#   (`loader generator True`), so it sees the shuffle order of epoch 1.
#
# Without the RNG states the run is a valid run, and not the same run: you cannot
# tell a resumed result from a bug, and a bisection of a regression cannot rely on it.
#
# [adamw]: https://docs.pytorch.org/docs/stable/generated/torch.optim.AdamW.html
#
# Three schedules on their own, without a model: 100 steps, a crash after step 50, and
# the learning rate used by the two steps after the resume and by the last step, for an
# uninterrupted run, a resume with the scheduler's state, and one without. Step 51 runs
# at the rate restored with the optimizer in every row; from step 52 on,
# `CosineAnnealingLR` drifts, and `LambdaLR` and `OneCycleLR` start over:

# %%
STEPS, CRASH = 100, 50
schedules = {
    "CosineAnnealingLR": lambda o: torch.optim.lr_scheduler.CosineAnnealingLR(
        o, T_max=STEPS
    ),
    "LambdaLR": lambda o: torch.optim.lr_scheduler.LambdaLR(
        o, lambda step: 1 - step / STEPS
    ),
    "OneCycleLR": lambda o: torch.optim.lr_scheduler.OneCycleLR(
        o, max_lr=1.0, total_steps=STEPS
    ),
}


def learning_rates(make_scheduler, steps: int, checkpoint=None, skip_scheduler=False):
    optimizer = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.0)
    scheduler = make_scheduler(optimizer)
    if checkpoint is not None:
        optimizer.load_state_dict(checkpoint["optimizer"])
        if not skip_scheduler:
            scheduler.load_state_dict(checkpoint["scheduler"])
    rates = []
    for _ in range(steps):
        rates.append(optimizer.param_groups[0]["lr"])  # the rate this step uses
        optimizer.step()
        scheduler.step()
    state = {"optimizer": optimizer.state_dict(), "scheduler": scheduler.state_dict()}
    return rates, state


for name, make in schedules.items():
    full, _ = learning_rates(make, STEPS)
    _, at_crash = learning_rates(make, CRASH)
    restored, _ = learning_rates(make, STEPS - CRASH, at_crash)
    fresh, _ = learning_rates(make, STEPS - CRASH, at_crash, skip_scheduler=True)
    print(f"{name}: lr used by steps {CRASH + 1}, {CRASH + 2} and {STEPS}")
    for label, used in (
        ("uninterrupted:", full[CRASH:]),
        ("with scheduler state:", restored),
        ("fresh scheduler:", fresh),
    ):
        print(f"  {label:22}  {used[0]:.4f}  {used[1]:.4f}  {used[-1]:.4f}")

# %% [markdown]
# The loss per epoch, for the reference run and each resume. The correct resume lies
# exactly on the reference:

# %% alt="Loss per epoch: the full resume lies on the reference; partial ones leave it"
epochs = range(1, EPOCHS + 1)
fig, ax = plt.subplots(figsize=(9, 3.2))
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
styles = ("--", "-.", ":", (0, (5, 1, 1, 1)))
for (missing, losses), style in zip(curves.items(), styles, strict=True):
    ax.plot(epochs, losses, linestyle=style, label=f"resumed without {missing} state")
ax.axvline(3.5, color="gray", linewidth=1)
ax.text(
    3.6, max(reference_losses), "crash and resume", color="gray", va="top", fontsize=8
)
ax.set_xlabel("epoch")
ax.set_ylabel("training loss (MSE)")
ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1))
fig.tight_layout()
plt.show()

# %% [markdown]
# ## What else a real run saves
#
# - The Python `random` and NumPy RNG states when the data pipeline uses them, and
#   each CUDA device's RNG state (`torch.cuda.get_rng_state_all()`).
# - The `GradScaler` state with `float16` mixed precision (`scaler.state_dict()`).
# - Resuming in the *middle* of an epoch also needs the position within the epoch:
#   save at epoch boundaries, or save the loader generator's state from the start of
#   the epoch and the number of batches consumed, then restore that state and skip
#   that many batches. The library answer is `torchdata`'s `StatefulDataLoader`, a
#   drop-in `DataLoader` whose `state_dict()` / `load_state_dict()` save and restore
#   the position within the epoch, across its worker processes but not across ranks
#   ([docs][stateful]; a separate package, not run here).
# - DataLoader workers (`num_workers > 0`) are started, and seeded from the loader's
#   generator, each time an iterator is created, that is each epoch
#   ([docs][workers]), so restoring the generator covers them. Not with
#   `persistent_workers=True`, and then not the shuffle order either. Each new
#   iterator draws one number from the generator, the workers' base seed, before the
#   sampler draws its permutation ([source][seed]). A persistent loader creates its
#   iterator once, at epoch 1, and only resets it in later epochs
#   ([source][persistent]); the resumed run creates a new one, whose extra draw
#   shifts every permutation after the resume, and whose workers get new seeds.
#   torch seeds `random`, NumPy's global generator and torch in each worker from that
#   base seed ([source][worker-seed]); any other library's random state, and a
#   generator object the dataset holds, is yours to seed in `worker_init_fn`.
# - Under DDP, a `DistributedSampler` does not shuffle with the loader's generator: it
#   seeds a generator of its own with `seed + epoch` ([source][dist-seed]), and the
#   epoch is whatever `set_epoch()` set last ([source][set-epoch]). A restarted script
#   builds a new sampler at epoch 0, so it must call `sampler.set_epoch(epoch)` for
#   every epoch from the restored one on (next cell).
#
# [stateful]:
# https://github.com/meta-pytorch/data/blob/v0.11.0/torchdata/stateful_dataloader/README.md
# [workers]: https://docs.pytorch.org/docs/stable/data.html#multi-process-data-loading
# [seed]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/torch/utils/data/dataloader.py#L690
# [persistent]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/torch/utils/data/dataloader.py#L498
# [worker-seed]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/torch/utils/data/_utils/worker.py#L274-L281
# [dist-seed]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/torch/utils/data/distributed.py#L107-L112
# [set-epoch]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/torch/utils/data/distributed.py#L146-L157

# %%
ranks = {"num_replicas": 2, "rank": 0, "seed": 0}  # rank 0 of 2; no process group
sampler = DistributedSampler(dataset, **ranks)
sampler.set_epoch(3)
epoch_3 = list(sampler)
restarted = DistributedSampler(dataset, **ranks)  # after the restart
print(f"restarted sampler, no set_epoch: epoch 3's order {list(restarted) == epoch_3}")
restarted.set_epoch(3)
print(f"restarted sampler, set_epoch(3): epoch 3's order {list(restarted) == epoch_3}")

# %% [markdown]
# Exact reproduction also assumes the same hardware, library versions
# ([reproducibility][notes]) and thread settings: the number of threads decides how
# an operation splits its range between them ([source][parallel]), and so, for a
# reduction, the order of its additions (the last cell sums the same numbers on one
# thread and on two). It also assumes `torch.use_deterministic_algorithms(True)`,
# which selects deterministic implementations where there are some and raises an error
# for operations that have none ([docs][deterministic]). Most of those operations are
# CUDA ones, but not all. On CPU it changes `index_put`, `put_` with `accumulate=True`,
# `index_copy` and the backward of indexing with a list of index tensors, it raises
# for `put_` with `accumulate=False` and for `MaxUnpool1d`/`2d`/`3d`, and, with
# `torch.utils.deterministic.fill_uninitialized_memory` (on by default), it fills the
# memory of `torch.empty` and other uninitialized tensors with NaN, or with the
# largest value for an integer dtype (the last cell; [source][det-source]). The
# `CUBLAS_WORKSPACE_CONFIG` setting that older answers add for cuBLAS is no longer
# checked in torch 2.13 ([PR #161749][cublas]).
#
# [det-source]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/torch/_torch_docs.py#L12326-L12332
# [deterministic]:
# https://docs.pytorch.org/docs/stable/generated/torch.use_deterministic_algorithms.html
# [notes]: https://docs.pytorch.org/docs/stable/notes/randomness.html
# [cublas]: https://github.com/pytorch/pytorch/pull/161749
# [parallel]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/aten/src/ATen/ParallelOpenMP.h#L31-L42

# %%
numbers = torch.randn(100_000, generator=torch.Generator().manual_seed(0))
threads = torch.get_num_threads()
sums = {}
for n in (1, 2):
    torch.set_num_threads(n)
    sums[n] = numbers.sum().item()
torch.set_num_threads(threads)
print(f"sum on 1 thread {sums[1]!r}, on 2 threads {sums[2]!r}")
print(f"equal: {sums[1] == sums[2]}")

torch.use_deterministic_algorithms(True)
print(
    f"deterministic torch.empty: float32 {torch.empty(2).tolist()}, "
    f"int64 {torch.empty(2, dtype=torch.int64).tolist()}"
)
torch.use_deterministic_algorithms(False)
workdir.cleanup()
