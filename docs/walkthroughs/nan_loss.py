# %% [markdown]
# # Debugging a NaN loss, step by step
#
# A classifier starts training, then the loss turns into `inf`, then `nan`, and stays
# there. This
# walkthrough finds out why the way you would on a real model: find the first bad step,
# decide whether the
# forward or the backward pass went wrong, let anomaly detection name the operation, fix
# the numerics, then
# fix the cause.
#
# Related questions: [my loss is NaN: where does it come
# from?](../debugging/index.md#nan-loss),
# [what anomaly mode costs](../debugging/index.md#anomaly-mode-cost),
# [vanishing and exploding
# gradients](../debugging/index.md#vanishing-exploding-gradients),
# [gradient clipping](../training/index.md#clip-grad-norm).

# %%
import re
import warnings

import torch
import torch.nn.functional as F
from torch import nn

# %% [markdown]
# ## The setup
#
# Three-class data whose features were never normalised (they are in the tens), 10%
# noisy labels, a linear
# model, plain SGD with a learning rate chosen for normalised data, and a cross-entropy
# written by hand as
# `-log(softmax(logits))`. Each of these is common, and each is part of the story.

# %%
g = torch.Generator().manual_seed(0)
x = torch.randn(512, 8, generator=g) * 10  # raw features, never normalised
w_true = torch.randn(8, 3, generator=g)
y = (x @ w_true).argmax(dim=1)
noisy = torch.rand(512, generator=g) < 0.1
y = torch.where(noisy, (y + 1) % 3, y)


def handmade_cross_entropy(logits: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    probs = torch.softmax(logits, dim=1)
    return -torch.log(probs[torch.arange(len(y)), y]).mean()


def make_run(lr: float = 1.0):
    torch.manual_seed(0)
    model = nn.Linear(8, 3)
    return model, torch.optim.SGD(model.parameters(), lr=lr)


batches = list(zip(x.split(64), y.split(64), strict=True))

# %% [markdown]
# ## Step 1: see it, and find the first bad step
#
# Print the loss of every step and stop a few steps after the first non-finite one. The
# *first* bad step is the
# one to study: after it, NaN is everywhere and tells you nothing.

# %%
model, optimizer = make_run()
first_bad = None
for step, (xb, yb) in enumerate(batches):
    optimizer.zero_grad()
    loss = handmade_cross_entropy(model(xb), yb)
    loss.backward()
    optimizer.step()
    print(f"step {step}: loss {loss.item():.4g}")
    if first_bad is None and not torch.isfinite(loss):
        first_bad = step
    if first_bad is not None and step >= first_bad + 2:
        break
print(f"first non-finite loss at step {first_bad}")

# %% [markdown]
# ## Step 2: forward or backward?
#
# Replay the same run (same seed, same batches) up to the first bad step and look at
# everything at that step:
# the inputs, the weights before the step, the logits, the loss, the gradients after
# `backward()`.

# %%
model, optimizer = make_run()
for step, (xb, yb) in enumerate(batches[: first_bad + 1]):
    optimizer.zero_grad()
    weights_finite = all(torch.isfinite(p).all().item() for p in model.parameters())
    logits = model(xb)
    loss = handmade_cross_entropy(logits, yb)
    loss.backward()
    if step < first_bad:
        optimizer.step()

grads_finite = all(torch.isfinite(p.grad).all().item() for p in model.parameters())
probs = torch.softmax(logits, dim=1)
print(
    f"step {first_bad}: inputs finite: {torch.isfinite(xb).all().item()}, weights finite: {weights_finite}"
)
print(
    f"logits range: [{logits.min().item():.0f}, {logits.max().item():.0f}], loss: {loss.item()}"
)
print(f"probabilities exactly 0: {(probs == 0).sum().item()} of {probs.numel()}")
print(f"gradients finite: {grads_finite}")

# %% [markdown]
# The inputs and the weights going in were fine. The previous step's update was large
# enough to throw the
# logits far apart. `softmax` computes `exp(logit - max_logit)`, and when a row's gap is
# more than about 104,
# that is below the smallest positive `float32` (about `1.4e-45`) and rounds to exactly
# `0`: `softmax` returns
# probabilities of exactly `0`.
# When the true class of a row has one, `log(0) = -inf` and the loss is `inf`: the
# forward pass already went
# wrong. The gradients are `nan`, and after `optimizer.step()` so are the weights, which
# is why every later loss
# is `nan`.
#
# Which operation turned `inf` into `nan`? On a real model there are hundreds of
# candidates.
#
# ## Step 3: anomaly detection names the operation
#
# `torch.autograd.detect_anomaly()` (a context manager;
# `torch.autograd.set_detect_anomaly(True)` is the global
# switch) makes autograd record where each operation was created in the forward pass,
# and check every backward
# function's output for NaN. The first one that produces a NaN raises a `RuntimeError`
# naming the backward
# function, and a warning carries the traceback of the forward line that created it. It
# slows everything down
# ([what anomaly mode costs](../debugging/index.md#anomaly-mode-cost)): use it to replay
# the bad step, never in
# normal training.

# %%
model, optimizer = make_run()
for xb, yb in batches[:first_bad]:
    optimizer.zero_grad()
    handmade_cross_entropy(model(xb), yb).backward()
    optimizer.step()
xb, yb = batches[first_bad]
optimizer.zero_grad()

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        with torch.autograd.detect_anomaly():
            loss = handmade_cross_entropy(model(xb), yb)
            loss.backward()
    except RuntimeError as error:
        print("RuntimeError:", error)

for w in caught:
    message = str(w.message)
    if message.startswith("Error detected in"):
        print(message.splitlines()[0])
        # The forward traceback, from the top-level line down; file names and line
        # numbers left out.
        frames = re.findall(r'File ".*?", line \d+, in (\S+)\n\s+(.*)', message)
        top = max(i for i, (func, _) in enumerate(frames) if func == "<module>")
        for func, code in frames[top:]:
            print(f"    in {func}: {code}")
    else:
        print("warning:", message)

# %% [markdown]
# `SoftmaxBackward0` returned the first `nan`, and the forward traceback points at the
# `torch.softmax` line of
# `handmade_cross_entropy`. The mechanism: the gradient of `log(p)` at `p = 0` is `inf`,
# and softmax's backward
# multiplies it by `p = 0`; `0 * inf` is `nan`.
#
# ## Step 4: fix the numerics
#
# `F.cross_entropy` (like `nn.CrossEntropyLoss`) computes `log_softmax` with the
# log-sum-exp trick: it never
# forms a probability that could round to `0`, so a huge logit gap gives a large, finite
# loss and finite
# gradients. Same logits, both losses:

# %%
logits = model(xb).detach().requires_grad_()
print(f"hand-made: {handmade_cross_entropy(logits, yb).item()}")
loss = F.cross_entropy(logits, yb)
loss.backward()
print(
    f"F.cross_entropy: {loss.item():.1f}, gradient finite: {torch.isfinite(logits.grad).all().item()}"
)

# %% [markdown]
# ## Step 5: fix the cause
#
# A finite loss that large (chance level for three classes is `log(3) = 1.1`) still
# means training is
# diverging: the stable loss removes the `nan`, not the reason the logits exploded. Here
# the reason is
# unnormalised features with a learning rate too large for them. Standardise the
# features (statistics from the
# training data) and train again with the stable loss.

# %%
x_std = (x - x.mean(dim=0)) / x.std(dim=0)
model, optimizer = make_run(lr=0.5)
for epoch in range(5):
    for xb, yb in zip(x_std.split(64), y.split(64), strict=True):
        optimizer.zero_grad()
        loss = F.cross_entropy(model(xb), yb)
        loss.backward()
        optimizer.step()
    with torch.no_grad():
        accuracy = (model(x_std).argmax(dim=1) == y).float().mean().item()
    print(f"epoch {epoch}: last loss {loss.item():.3f}, accuracy {accuracy:.2f}")

# %% [markdown]
# ## The checklist
#
# 1. Find the **first** non-finite step; everything after it is noise.
# 2. Check the inputs, then the weights before the step, then the forward outputs, then
# the gradients.
# 3. Replay that step under `torch.autograd.detect_anomaly()` to get the backward
# function and the forward line.
# 4. Replace the unstable expression with the stable primitive: `F.cross_entropy` or
# `F.log_softmax` instead of
#    `log(softmax)`, `torch.logsumexp`, `F.binary_cross_entropy_with_logits` instead of
# `sigmoid` then BCE, an `eps`
#    inside a `sqrt` or a denominator.
# 5. Then fix why the values got there: normalise inputs, lower the learning rate, clip
# gradients
#    (`torch.nn.utils.clip_grad_norm_(..., error_if_nonfinite=True)` also stops at the
# first bad gradient).
