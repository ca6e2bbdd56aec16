# %% [markdown]
# # Mixed precision and gradient accumulation, with proofs
#
# Two techniques that change *how* a step is computed but should not change *what* it
# computes:
#
# - **mixed precision**: run the forward pass under `torch.autocast`, so the matrix
# multiplications use
#   `bfloat16` while the weights, gradients and optimizer state stay `float32`;
# - **gradient accumulation**: get the gradient of a batch too big for memory by summing
# the gradients of
#   micro-batches before one `optimizer.step()`.
#
# This walkthrough runs both on CPU with `bfloat16` and checks each claim with
# `torch.allclose`. The API is the
# current `torch.autocast` / `torch.amp` one; `torch.cuda.amp.autocast` and
# `torch.cuda.amp.GradScaler` are
# deprecated.
#
# Related questions: [mixed precision](../performance/index.md#mixed-precision),
# [bfloat16 or float16](../performance/index.md#bf16-vs-fp16),
# [GradScaler](../performance/index.md#gradscaler),
# [gradient accumulation](../training/index.md#gradient-accumulation).

# %%
import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)


def make_model() -> nn.Module:
    torch.manual_seed(0)  # every call builds the same initial weights
    return nn.Sequential(
        nn.Linear(32, 128), nn.LayerNorm(128), nn.ReLU(), nn.Linear(128, 5)
    )


x = torch.randn(64, 32)
y = torch.randint(0, 5, (64,))

# %% [markdown]
# ## What autocast changes
#
# Inside `torch.autocast(device_type="cpu", dtype=torch.bfloat16)`, each operation on
# autocast's lists casts
# its inputs: linear layers run in `bfloat16`, the losses in `float32`; ops on no list
# (ReLU here, and on CPU
# also `layer_norm`, which computes its statistics in `float32` internally) keep the
# dtype of their input. The
# lists differ by device. Nothing about the parameters changes. The backward pass runs
# outside the
# context manager and follows the dtypes the forward pass recorded; each gradient has
# the dtype of its
# parameter.

# %%
model = make_model()
with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
    hidden = model[0](x)
    normed = model[1](hidden)
    logits = model[3](model[2](normed))
    loss = F.cross_entropy(logits, y)
loss.backward()

print(f"weights:        {model[0].weight.dtype}")
print(f"linear output:  {hidden.dtype}")
print(f"layer norm out: {normed.dtype}")
print(f"logits:         {logits.dtype}")
print(f"loss:           {loss.dtype}")
print(f"weight grad:    {model[0].weight.grad.dtype}")

# %% [markdown]
# `bfloat16` keeps `float32`'s 8 exponent bits, so gradients do not underflow and no
# loss scaling is needed.
# `float16` (5 exponent bits, common on older GPUs) does need it:
# `torch.amp.GradScaler("cuda")` multiplies the
# loss before `backward()` and unscales before the step.
#
# The price is precision: `bfloat16` has 8 bits of precision (7 stored), about 2 to 3
# significant digits. The
# gradient under autocast is close to the `float32` one (here within a few percent,
# measured per tensor), not
# equal to it.
# That is the noise level mixed precision adds to training, and it is why the equality
# checks below compare
# `float32` with `float32` and `bfloat16` with `bfloat16`:


# %%
def gradients(model: nn.Module) -> list[torch.Tensor]:
    return [p.grad.clone() for p in model.parameters()]


def all_close(a: list[torch.Tensor], b: list[torch.Tensor], **tolerance) -> bool:
    return all(torch.allclose(p, q, **tolerance) for p, q in zip(a, b, strict=True))


def max_relative_difference(a: list[torch.Tensor], b: list[torch.Tensor]) -> float:
    return max(((p - q).norm() / q.norm()).item() for p, q in zip(a, b, strict=True))


fp32_model = make_model()
F.cross_entropy(fp32_model(x), y).backward()
fp32_grads = gradients(fp32_model)

bf16_model = make_model()
with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
    bf16_loss = F.cross_entropy(bf16_model(x), y)
bf16_loss.backward()
bf16_grads = gradients(bf16_model)

print(
    f"bf16 vs fp32 gradients, largest relative difference: {max_relative_difference(bf16_grads, fp32_grads):.1e}"
)
print(f"allclose at float32 tolerance: {all_close(bf16_grads, fp32_grads)}")

# %% [markdown]
# ## Gradient accumulation equals the big batch
#
# With the default `reduction="mean"`, the big batch's loss is the mean over 64 samples.
# Four micro-batches of 16
# each give the mean over 16; dividing each by 4 and letting `backward()` add into
# `.grad` gives the mean over
# 64 again. Check it in `float32`, where only summation order differs:


# %%
def big_batch_gradients(x, y) -> list[torch.Tensor]:
    model = make_model()
    F.cross_entropy(model(x), y).backward()
    return gradients(model)


def accumulated_gradients(
    x, y, micro_batch: int, weight_by_size: bool
) -> list[torch.Tensor]:
    model = make_model()
    chunks = list(zip(x.split(micro_batch), y.split(micro_batch), strict=True))
    for xb, yb in chunks:
        loss = F.cross_entropy(model(xb), yb)
        scale = len(xb) / len(x) if weight_by_size else 1 / len(chunks)
        (loss * scale).backward()  # adds into .grad
    return gradients(model)


big = big_batch_gradients(x, y)
accumulated = accumulated_gradients(x, y, micro_batch=16, weight_by_size=False)
print(f"4 x 16 accumulated == 64 at once: {all_close(accumulated, big)}")

# %% [markdown]
# ### The uneven last micro-batch
#
# Dividing by the number of micro-batches is right only when they are the same size.
# With 50 samples in
# micro-batches of 16 (16, 16, 16 and 2), the 2 samples of the last one would weigh as
# much as 16. Weighting each
# micro-batch loss by its share of the samples, `len(xb) / len(x)`, is right in both
# cases:

# %%
x50, y50 = x[:50], y[:50]
big50 = big_batch_gradients(x50, y50)
naive = accumulated_gradients(x50, y50, micro_batch=16, weight_by_size=False)
weighted = accumulated_gradients(x50, y50, micro_batch=16, weight_by_size=True)
print(f"divide by number of micro-batches: {all_close(naive, big50)}")
print(f"weight by micro-batch size:        {all_close(weighted, big50)}")

# %% [markdown]
# Two more conditions for the equality: no layer may mix samples within a batch
# (BatchNorm computes statistics
# per micro-batch; LayerNorm, used here, is per sample: see
# [BatchNorm or LayerNorm](../training/index.md#batchnorm-vs-layernorm)), and under DDP
# the gradient all-reduce
# should run only on the last micro-batch (`model.no_sync()` on the others).
#
# ## Both together: the training step
#
# The loop: autocast around the forward pass and the loss only, `backward()` outside it,
# one `optimizer.step()`
# and `zero_grad()` per accumulation cycle. Since `bfloat16` needs no `GradScaler`, none
# appears.


# %%
def train_epoch(model, optimizer, batches, accumulation_steps: int) -> float:
    total = 0.0
    # each is the batch you wanted; it is cut into `accumulation_steps` pieces
    for x_big, y_big in batches:
        for xb, yb in zip(
            x_big.chunk(accumulation_steps),
            y_big.chunk(accumulation_steps),
            strict=True,
        ):
            with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
                loss = F.cross_entropy(model(xb), yb)
            (loss * len(xb) / len(x_big)).backward()
            total += loss.item() * len(xb)
        optimizer.step()
        optimizer.zero_grad()
    return total / sum(len(yb) for _, yb in batches)


g = torch.Generator().manual_seed(1)
teacher = torch.randn(32, 5, generator=g)
x_all = torch.randn(640, 32, generator=g)
y_all = (x_all @ teacher).argmax(dim=1)
batches = list(zip(x_all.split(64), y_all.split(64), strict=True))

model = make_model()
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-3)
for epoch in range(5):
    print(
        f"epoch {epoch}: mean loss {train_epoch(model, optimizer, batches, accumulation_steps=4):.3f}"
    )
print(
    f"parameters and optimizer state stay float32: {model[0].weight.dtype}, "
    f"{optimizer.state[model[0].weight]['exp_avg'].dtype}"
)

# %% [markdown]
# And the same comparison for a whole optimizer step: one step on the big batch against
# one step accumulated
# from four micro-batches, in `float32` (equal up to rounding) and under `bfloat16`
# autocast on both sides (equal
# up to `bfloat16` rounding: each micro-batch's products are rounded separately).


# %%
def one_step(micro_batch: int, amp: bool) -> list[torch.Tensor]:
    model = make_model()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for xb, yb in zip(x.split(micro_batch), y.split(micro_batch), strict=True):
        with torch.autocast(device_type="cpu", dtype=torch.bfloat16, enabled=amp):
            loss = F.cross_entropy(model(xb), yb)
        (loss * len(xb) / len(x)).backward()
    optimizer.step()
    return [p.detach().clone() for p in model.parameters()]


for amp in (False, True):
    big_step, accumulated_step = one_step(64, amp), one_step(16, amp)
    rtol, atol = (2e-2, 1e-3) if amp else (1e-5, 1e-8)
    same = all_close(accumulated_step, big_step, rtol=rtol, atol=atol)
    print(
        f"{'bfloat16' if amp else 'float32 '}: parameters after one step allclose (rtol={rtol}): {same}"
    )
