# %% [markdown]
# # Debugging a NaN loss, step by step
#
# A classifier starts training, then the loss turns into `inf`, then `nan`, and stays
# there. This walkthrough finds out why the way you would on a real model: find the
# first bad step, decide whether the forward or the backward pass went wrong, let
# anomaly detection name the operation, fix the numerics, then fix the cause.
#
# Related questions:
# [my loss is NaN: where does it come from?](../debugging/index.md#nan-loss),
# [what anomaly mode costs](../debugging/index.md#anomaly-mode-cost),
# [vanishing and
# exploding gradients](../debugging/index.md#vanishing-exploding-gradients),
# [gradient clipping](../training/index.md#clip-grad-norm).

# %%
import re
import textwrap
import warnings

import torch
import torch.nn.functional as F
from torch import nn

# %% [markdown]
# ## The setup
#
# Three-class data whose features were never normalised (their standard deviation is
# 10), each label moved with probability 0.1 to the next class (`(y + 1) % 3`), a
# linear model, plain SGD at learning rate 1.0, and a cross-entropy written by hand as
# `-log(softmax(logits))`.

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
# Print the loss of every step and stop a few steps after the first non-finite one.
# The *first* bad step is the one to study: after it, NaN is everywhere and tells you
# nothing.

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
# everything on the way: the inputs, the weights before the step, the logits (the
# largest gap between a row's highest logit and another logit of the same row), the
# loss, and the gradients after `backward()`.

# %%
model, optimizer = make_run()
for step, (xb, yb) in enumerate(batches[: first_bad + 1]):
    optimizer.zero_grad()
    weights_finite = all(torch.isfinite(p).all().item() for p in model.parameters())
    logits = model(xb)
    gap = logits.max(dim=1, keepdim=True).values - logits
    loss = handmade_cross_entropy(logits, yb)
    loss.backward()
    print(
        f"step {step}: inputs finite {torch.isfinite(xb).all().item()}, "
        f"weights finite {weights_finite}, "
        f"largest gap {gap.max().item():.0f}, loss {loss.item():.4g}"
    )
    if step < first_bad:
        optimizer.step()

probs = torch.softmax(logits, dim=1)
true_class = probs[torch.arange(len(yb)), yb]
print(f"exp(-103.9), exp(-104.0): {torch.exp(torch.tensor([-103.9, -104.0])).tolist()}")
print(f"probabilities exactly 0: {(probs == 0).sum().item()} of {probs.numel()}")
print(
    "exactly those of logits more than 104 below their row's highest: "
    f"{torch.equal(probs == 0, gap > 104)}"
)
print(f"rows whose true class has probability 0: {(true_class == 0).sum().item()}")
grads = torch.cat([p.grad.flatten() for p in model.parameters()])
print(
    f"gradient entries: {grads.isnan().sum().item()} nan, "
    f"{grads.isinf().sum().item()} inf, of {grads.numel()}"
)
try:
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0, error_if_nonfinite=True)
except RuntimeError as error:
    print(textwrap.fill(f"clip_grad_norm_: {str(error).split(', so')[0]}", 80))
optimizer.step()
weights_finite = all(torch.isfinite(p).all().item() for p in model.parameters())
print(f"weights finite after this step: {weights_finite}")

# %% [markdown]
# The inputs and the weights going in were fine. Step 0's update threw the logits
# apart: the largest gap within a row went from tens to hundreds. `softmax` computes
# `exp(logit - max_logit)` and divides by the row's sum, which is at least 1. When
# the gap is more than about 104, the `exp` is below half the smallest positive
# `float32` (`1.4e-45`) and rounds to exactly `0` (that threshold is `float32`'s: see
# the end of this step for other dtypes): every logit that far below its
# row's highest got a probability of exactly `0`. One row's true class is among them,
# so `log(0) = -inf` and the loss is `inf`: the forward pass already went wrong. All
# the gradients are `nan`; a `clip_grad_norm_` guard with `error_if_nonfinite=True`
# would have stopped the run here. Without it, `optimizer.step()` makes the weights
# `nan` too, which is why every later loss is `nan`.
#
# The 104 moves with the dtype and the CPU's flags. With flush-to-zero
# (`torch.set_flush_denormal(True)`, which drops the subnormals) it is about 87. In
# `bfloat16` it is about 93: under CPU autocast a linear layer's logits are `bfloat16`
# and `softmax` stays in the dtype of its input, because it is on no CPU autocast list
# (CUDA autocast runs it in `float32`: it is on this list [source][fp32-ops], which
# `autocast_mode.cpp` registers for CUDA as `fp32_set_opt_dtype`). In `float16` it is
# about 17. The first gap, in steps of 0.25 and then as the dtype stores it (`bfloat16`
# rounds 92.75 to 93), at which the lower of two logits gets a probability of
# exactly 0:
#
# [fp32-ops]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/aten/src/ATen/autocast_mode.h#L916-L920

# %%
gaps = torch.arange(0.0, 120.0, 0.25)
two_logits = torch.stack([torch.zeros_like(gaps), -gaps], dim=1)


def first_zero(dtype: torch.dtype) -> float:
    stored = two_logits.to(dtype)
    lower = torch.softmax(stored, dim=1)[:, 1]
    return -stored[lower == 0][0, 1].item()


for dtype in (torch.float32, torch.bfloat16, torch.float16):
    print(f"{str(dtype):15} probability 0 from a gap of {first_zero(dtype):.2f}")
if torch.set_flush_denormal(True):  # False on a CPU that cannot flush subnormals
    flushed = first_zero(torch.float32)
    print(f"float32, flush-to-zero: probability 0 from a gap of {flushed:.2f}")
    torch.set_flush_denormal(False)
with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
    autocast_logits = nn.Linear(8, 3)(xb)
    print(
        f"under CPU autocast: logits {autocast_logits.dtype}, "
        f"softmax {torch.softmax(autocast_logits, dim=1).dtype}"
    )

# %% [markdown]
# Which operation turned `inf` into `nan`? On a real model there are hundreds of
# candidates.
#
# ## Step 3: anomaly detection names the operation
#
# `torch.autograd.detect_anomaly()` (a context manager;
# `torch.autograd.set_detect_anomaly(True)` is the global switch) makes autograd record
# where each operation was created in the forward pass, and check every backward
# function's output for NaN. The first one that produces a NaN raises a
# `RuntimeError` naming the backward function, and a warning carries the traceback of
# the forward line that created it. It slows everything down
# ([what anomaly mode costs](../debugging/index.md#anomaly-mode-cost)): use it to
# replay the bad step, not in normal training.

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
        print(textwrap.fill(f"warning: {message}", 80))

# %% [markdown]
# `SoftmaxBackward0` returned the first `nan`, and the forward traceback points at the
# `torch.softmax` line of `handmade_cross_entropy`. The mechanism: the gradient of
# `log(p)` at `p = 0` is `inf`, and softmax's backward multiplies it by `p = 0`;
# `0 * inf` is `nan`.
#
# What anomaly mode checks is narrower than it sounds: the outputs of backward
# functions, and only for `nan`. An `inf` gradient passes (`sqrt` at 0, below), and a
# `nan` made in the forward pass raises nothing there: it is reported only if a
# backward function later returns `nan` from it. For an `inf`, or for the first
# non-finite forward output, check the outputs yourself, as Step 2 did: on a real
# model, a forward hook on every module (`register_forward_hook`) that tests
# `torch.isfinite(output).all()`. Module hooks see only what modules return, so they
# miss functional code: here the first `-inf` comes from `torch.log` inside
# `handmade_cross_entropy`, a plain function (Step 2's zero probabilities). To check
# every operation, loss included, run the step under a `TorchDispatchMode`
# ([source][dispatch-mode]) whose `__torch_dispatch__` tests each op's output.
#
# [dispatch-mode]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/torch/utils/_python_dispatch.py#L72

# %%
with warnings.catch_warnings(record=True):  # its "Anomaly Detection has been enabled"
    warnings.simplefilter("always")
    at_zero = torch.zeros(3, requires_grad=True)
    negative = torch.tensor([-1.0], requires_grad=True)
    with torch.autograd.detect_anomaly():
        at_zero.sqrt().sum().backward()
        forward_nan = negative.sqrt()
print(f"sqrt at 0, backward under anomaly mode: no error, grad {at_zero.grad.tolist()}")
print(f"sqrt(-1), forward under anomaly mode: no error, {forward_nan.item()}")

# %% [markdown]
# ## Step 4: fix the numerics
#
# `F.cross_entropy` (like `nn.CrossEntropyLoss`) is `log_softmax` followed by the
# negative log-likelihood ([docs][ce]). `log_softmax` is computed as
# `(logit - max) - log(sum(exp(logit - max)))`: the sum holds the term `exp(0) = 1`, so
# its `log` is finite, and no `log` is taken of a probability that has already rounded
# to `0`. The gradient of the whole loss with respect to the logits is
# `(softmax - one_hot) / N` for a mean over `N` rows, finite too. Same logits, both
# losses:
#
# [ce]: https://docs.pytorch.org/docs/stable/generated/torch.nn.CrossEntropyLoss.html

# %%
logits = model(xb).detach().requires_grad_()
shifted = logits - logits.max(dim=1, keepdim=True).values
by_hand = shifted - shifted.exp().sum(dim=1, keepdim=True).log()
same = torch.allclose(by_hand, F.log_softmax(logits, dim=1))
print(f"log-sum-exp by hand matches F.log_softmax: {same}")
print(f"hand-made: {handmade_cross_entropy(logits, yb).item()}")
loss = F.cross_entropy(logits, yb)
loss.backward()
print(
    f"F.cross_entropy: {loss.item():.1f}, "
    f"gradient finite: {torch.isfinite(logits.grad).all().item()}"
)
expected = (logits.softmax(dim=1) - F.one_hot(yb, 3)) / len(yb)
print(f"gradient == (softmax - one_hot) / N: {torch.allclose(logits.grad, expected)}")

# %% [markdown]
# The binary case has the same pair, with a twist: `sigmoid` then
# `F.binary_cross_entropy` does not give `inf` or `nan`, because `BCELoss` clamps its
# `log` at `-100` ([docs][bce]).
# Once `sigmoid` rounds to exactly `1` (in `float32` from a logit of about 17), the
# loss is stuck at 100 and the gradient is `0`: wrong, and silent. The `0` comes from
# the chain rule: BCE's gradient with respect to the probability is finite, about
# `1e12` (its backward divides by `p(1 - p)`, kept above `1e-12`), and sigmoid's
# backward multiplies it by `p(1 - p) = 0`. `F.binary_cross_entropy_with_logits` gets
# both right. It is also the one that runs under CUDA autocast, which refuses
# `binary_cross_entropy` and `BCELoss` with an error ([docs][bce-autocast]; the
# [BCE question](../losses/index.md#bce-with-logits-vs-bce) shows it on a GPU). A
# logit of 60 for a sample whose label is 0:
#
# [bce]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/torch/nn/modules/loss.py#L668-L670
# [bce-autocast]:
# https://docs.pytorch.org/docs/stable/amp.html#prefer-binary-cross-entropy-with-logits-over-binary-cross-entropy

# %%
z = torch.tensor([60.0], requires_grad=True)
target = torch.tensor([0.0])
for name, loss_of in (
    ("sigmoid then BCE", lambda z: F.binary_cross_entropy(torch.sigmoid(z), target)),
    ("BCE with logits", lambda z: F.binary_cross_entropy_with_logits(z, target)),
):
    z.grad = None
    loss = loss_of(z)
    loss.backward()
    print(f"{name}: loss {loss.item():.1f}, gradient {z.grad.item():.1f}")

z.grad = None
p = torch.sigmoid(z)
p.retain_grad()
F.binary_cross_entropy(p, target).backward()
print(
    f"sigmoid(60) == 1: {p.item() == 1.0}; d loss / d p = {p.grad.item():.0e}, "
    f"d loss / d logit = {z.grad.item()}"
)
logits_from_10 = torch.arange(10.0, 30.0, 0.5)
rounds_to_1 = logits_from_10[torch.sigmoid(logits_from_10) == 1][0].item()
print(f"sigmoid rounds to exactly 1 in float32 from a logit of {rounds_to_1}")

# %% [markdown]
# ## Step 5: fix the cause
#
# A loss of 12.5 is far above chance level for three classes (`log(3) = 1.1`): the
# stable loss removes the `nan`, not the reason the logits exploded. Train again with
# it, from the same initial weights and at the same learning rate, on the raw features
# and on standardised ones (statistics from the training data), and once more with the
# hand-made loss on standardised features:


# %%
def train(features: torch.Tensor, loss_fn, epochs: int = 5) -> None:
    model, optimizer = make_run()
    largest, accuracy, non_finite, widest = [], [], 0, 0.0
    for _ in range(epochs):
        losses = []
        for xb, yb in zip(features.split(64), y.split(64), strict=True):
            optimizer.zero_grad()
            logits = model(xb)
            gap = (logits.max(dim=1).values - logits.min(dim=1).values).max().item()
            widest = max(widest, gap)
            loss = loss_fn(logits, yb)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
            non_finite += not torch.isfinite(loss).item()
        largest.append(f"{max(losses):5.2f}")
        with torch.no_grad():
            right = (model(features).argmax(dim=1) == y).float().mean().item()
        accuracy.append(f"{right:5.2f}")
    print(f"  largest loss in each epoch: {' '.join(largest)}")
    print(f"  accuracy after each epoch:  {' '.join(accuracy)}")
    print(f"  non-finite losses: {non_finite}, largest gap in a row: {widest:.0f}")


x_std = (x - x.mean(dim=0)) / x.std(dim=0)
print("raw features, F.cross_entropy")
train(x, F.cross_entropy)
print("standardised features, F.cross_entropy")
train(x_std, F.cross_entropy)
print("standardised features, hand-made loss")
train(x_std, handmade_cross_entropy)

# %% [markdown]
# On the raw features the stable loss stays finite but training does not settle: each
# epoch still has a step with a loss far above chance, and the accuracy wanders. With
# standardised features the same learning rate trains smoothly, and even the hand-made
# loss stays finite: the logits never get near the gap of about 104 at which `exp`
# underflows in `float32`. Keep the stable loss anyway: the day the logits do drift
# apart, it stays finite where `log(softmax)` does not.
#
# ## The checklist
#
# 1. Find the **first** non-finite step; everything after it is noise.
# 2. Check the inputs, then the weights before the step, then the forward outputs,
#    then the gradients.
# 3. Replay that step under `torch.autograd.detect_anomaly()` to get the backward
#    function and the forward line. It flags a `nan` returned by a backward function,
#    nothing else: for an `inf`, or a non-finite forward output, check the outputs
#    with forward hooks, and every op's (the loss's included) with a dispatch mode.
# 4. Replace the unstable expression with the stable primitive: `F.cross_entropy` or
#    `F.log_softmax` instead of `log(softmax)`, `torch.logsumexp`,
#    `F.binary_cross_entropy_with_logits` instead of `sigmoid` then BCE (there the
#    symptom is a stuck loss and a zero gradient, not a NaN), an `eps` inside a `sqrt`
#    or a denominator.
# 5. Then fix why the values got there: normalise the inputs, lower the learning rate,
#    clip gradients. `torch.nn.utils.clip_grad_norm_(..., error_if_nonfinite=True)`
#    raises when the total gradient norm is `nan` or `inf`, as in Step 2.
