# %% [markdown]
# # Mixed precision and gradient accumulation, with proofs
#
# Two techniques that change *how* a step is computed:
#
# - **mixed precision**: run the forward pass under `torch.autocast`, so the matrix
#   multiplications use `bfloat16` while the weights, gradients and optimizer state
#   stay `float32`. It changes the result by rounding;
# - **gradient accumulation**: get the gradient of a batch too big for memory by
#   summing the gradients of micro-batches before one `optimizer.step()`. Done right,
#   in `float32` it changes the result only by rounding: the order of the additions,
#   and with micro-batches of unequal size the rounding of each one's weight; under
#   autocast each micro-batch is also rounded on its own (the last cell measures both).
#
# Mixed precision is for speed and memory. Linear layers and convolutions are much
# faster in 16 bits ([docs][amp]) where the hardware has units for them: on NVIDIA GPUs
# tensor cores, with native `bfloat16` from compute capability 8.0, Ampere
# ([source][bf16-gpu]); on CPUs `bfloat16` instructions such as AVX512-BF16 or AMX
# (torch's checks for them: [source][cpu-caps]). Under CPU autocast, most of what the
# forward pass saves for the backward pass is 16-bit (counted under *What autocast
# changes*: 53% of the `float32` run's bytes). That count is the CPU lists': the
# saving depends on the device's lists and the model. CUDA autocast runs `layer_norm`
# in `float32` ([source][fp32-list]), so there it saves a `float32` copy of its input:
# this 53% is not CUDA's, and a model with many LayerNorms may save little there.
# This walkthrough runs both techniques on CPU with `bfloat16` and measures
# their numerics, each of the CPU claims above but the speed. The API is the current
# `torch.autocast` / `torch.amp` one; `torch.cuda.amp.autocast` and
# `torch.cuda.amp.GradScaler` are deprecated (a cell below shows the warnings).
#
# Related questions: [mixed precision](../performance/index.md#mixed-precision),
# [bfloat16 or float16](../performance/index.md#bf16-vs-fp16),
# [GradScaler](../performance/index.md#gradscaler),
# [gradient accumulation](../training/index.md#gradient-accumulation).
#
# [amp]: https://docs.pytorch.org/docs/stable/amp.html
# [bf16-gpu]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/torch/cuda/__init__.py#L204-L205
# [cpu-caps]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/torch/cpu/__init__.py#L91-L105
# [fp32-list]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/aten/src/ATen/autocast_mode.h#L855-L874

# %%
import textwrap
import warnings

import torch
import torch.nn.functional as F
from torch import nn


def make_model() -> nn.Module:
    torch.manual_seed(0)  # every call builds the same initial weights
    return nn.Sequential(
        nn.Linear(32, 128), nn.LayerNorm(128), nn.ReLU(), nn.Linear(128, 5)
    )


torch.manual_seed(0)
x = torch.randn(64, 32)
y = torch.randint(0, 5, (64,))

# %% [markdown]
# ## What autocast changes
#
# Inside `torch.autocast(device_type="cpu", dtype=torch.bfloat16)`, each operation on
# one of autocast's lists casts its inputs: linear layers run in `bfloat16`, the losses
# on the CPU `float32` list (cross-entropy among them) in `float32`. A `float32` loss
# alone would not show that: `nll_loss` is on the list too, so `log_softmax` in
# `bfloat16` then `nll_loss` would also return `float32`. The value shows it: the loss
# equals `float32` cross-entropy on the same logits bit for bit, and not that `bfloat16`
# path. Ops on no list keep the dtype of their input: ReLU here, and on CPU also
# `layer_norm`, which computes its statistics in `float32` internally and rounds its
# output once. The lists differ by device: on CUDA, `layer_norm` is on the `float32`
# list ([the lists][ops]). Nothing about the parameters changes. The backward pass runs
# outside the context manager and follows the dtypes the forward pass recorded; each
# gradient has the dtype of its parameter. What autograd keeps for the backward pass
# shrinks with the activations: the last lines count the bytes of the tensors saved
# for backward (the model's own `float32` weights left out; the `bfloat16` copies of
# the weights that the linear layers save are counted).
#
# [ops]: https://docs.pytorch.org/docs/stable/amp.html#autocast-op-reference

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

with torch.no_grad():  # the loss, computed two ways outside autocast
    in_float32 = F.cross_entropy(logits.float(), y)
    bf16_log_softmax = F.nll_loss(F.log_softmax(logits, dim=1).float(), y)
print(f"loss == float32 cross-entropy:         {torch.equal(loss, in_float32)}")
print(f"loss == bf16 log_softmax, then nll:    {torch.equal(loss, bf16_log_softmax)}")

# layer_norm's bfloat16 output against float32 statistics, and against bfloat16 ones
h = hidden.detach()
from_float32 = F.layer_norm(h.float(), (128,)).bfloat16()
mean = h.mean(dim=1, keepdim=True)
var = ((h - mean) ** 2).mean(dim=1, keepdim=True)
all_bfloat16 = (h - mean) / torch.sqrt(var + 1e-5)
out = F.layer_norm(h, (128,))
print(
    f"bf16 layer_norm == fp32 statistics, rounded: {(out == from_float32).all().item()}"
)
print(
    f"bf16 layer_norm == bf16 arithmetic:          {(out == all_bfloat16).all().item()}"
)


def bytes_saved_for_backward(amp: bool) -> int:
    model = make_model()
    weights = {p.data_ptr() for p in model.parameters()}
    saved = {}  # by address: a tensor saved by two operations counts once

    def pack(tensor):
        if tensor.data_ptr() not in weights:
            saved[tensor.data_ptr()] = tensor.numel() * tensor.element_size()
        return tensor

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda tensor: tensor):
        with torch.autocast(device_type="cpu", dtype=torch.bfloat16, enabled=amp):
            F.cross_entropy(model(x), y)
    return sum(saved.values())


fp32_bytes, amp_bytes = bytes_saved_for_backward(False), bytes_saved_for_backward(True)
print(
    f"saved for backward: {fp32_bytes:,} bytes in float32, {amp_bytes:,} under "
    f"autocast ({amp_bytes / fp32_bytes:.0%})"
)

# %% [markdown]
# ## Range and precision
#
# `bfloat16` keeps `float32`'s 8 exponent bits: the same smallest normal number,
# `1.2e-38`, and nearly the same largest, `3.39e+38` against `3.40e+38`. Its range is
# `float32`'s to within 0.4% at the top, so no loss scaling is needed; only its
# subnormals stop earlier (`9.2e-41` against `1.4e-45`): it has 7 mantissa bits to spend
# on them, not 23. `float16` has 5 exponent bits: its largest number is 65504 and its
# smallest normal one `6.1e-05`. Below that, subnormals go on down to `6.0e-08` with
# fewer and fewer significant bits: a gradient of `1e-6` survives, 1.3% off, and one of
# `1e-8` rounds to `0`. The price of `bfloat16` is precision: `eps` (the gap between 1
# and the next number) is `2**-7`, 8 bits of precision (7 stored), about 2 to 3
# significant digits.

# %%
for dtype in (torch.float32, torch.bfloat16, torch.float16):
    info = torch.finfo(dtype)
    zero, one = torch.zeros((), dtype=dtype), torch.ones((), dtype=dtype)
    smallest = torch.nextafter(zero, one).item()  # the smallest positive number
    print(
        f"{str(dtype):15} largest {info.max:.2e}, smallest normal {info.tiny:.1e}, "
        f"smallest subnormal {smallest:.1e}, eps {info.eps:.1e}"
    )
for value in (1e-6, 1e-8):
    small = torch.tensor(value)
    print(
        f"a gradient of {value:.0e} in float16: {small.half().item():.3e}, "
        f"in bfloat16: {small.bfloat16().item():.3e}"
    )

# %% [markdown]
# With `float16`, `torch.amp.GradScaler("cuda")` multiplies the loss before
# `backward()` so that small gradients stay representable. `scaler.step(optimizer)`
# unscales the gradients and skips `optimizer.step()` when they hold an `inf` or a
# `nan`; `scaler.update()` then halves the scale, and doubles it after 2000 steps in a
# row without a skip ([source][s]). The same class runs on CPU: a step whose gradient
# overflowed, then a good one, whose update uses the unscaled gradient:
#
# [s]: https://github.com/pytorch/pytorch/blob/v2.13.0/torch/amp/grad_scaler.py#L96-L129

# %%
w = nn.Parameter(torch.ones(2))
optimizer = torch.optim.SGD([w], lr=0.1)
scaler = torch.amp.GradScaler("cpu")
for grad in ([1.0, float("inf")], [1.0, 1.0]):
    optimizer.zero_grad()
    loss = (w * torch.tensor(grad)).sum()  # d(loss)/dw is `grad`
    scaler.scale(loss).backward()
    scaled = w.grad.tolist()
    before = w.detach().clone()
    scaler.step(optimizer)
    scaler.update()
    print(
        f"gradient {grad}: .grad {scaled}, step taken: {not torch.equal(before, w)}, "
        f"scale now {scaler.get_scale():.0f}"
    )
print(f"weights after the good step: {[round(v, 4) for v in w.tolist()]}")

# %% [markdown]
# The old `torch.cuda.amp` names are deprecated: each construction warns. They are
# subclasses of the new classes that pass `"cuda"` as the device ([autocast][old-ac],
# [GradScaler][old-gs]), so on a CUDA machine they still work. On a machine without
# CUDA, like this one, each also warns that it disables itself:
#
# [old-ac]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/torch/cuda/amp/autocast_mode.py#L54
# [old-gs]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/torch/cuda/amp/grad_scaler.py#L31-L32

# %%
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    old_autocast = torch.cuda.amp.autocast()
    old_scaler = torch.cuda.amp.GradScaler()
for record in caught:
    print(textwrap.fill(f"{record.category.__name__}: {record.message}", 80))
print(
    "subclasses of torch.amp.autocast and torch.amp.GradScaler: "
    f"{isinstance(old_autocast, torch.amp.autocast)}, "
    f"{isinstance(old_scaler, torch.amp.GradScaler)}"
)

# %% [markdown]
# The gradient under autocast is close to the `float32` one, not equal to it (the
# difference is measured per tensor, as the norm of the difference over the norm of
# the `float32` gradient, and the largest over the tensors is printed). That is the
# noise mixed precision adds to training, and it is why the equality checks below
# compare `float32` with `float32` and `bfloat16` with `bfloat16`:


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

difference = max_relative_difference(bf16_grads, fp32_grads)
print(f"bf16 vs fp32 gradients, largest relative difference: {difference:.1e}")
print(f"allclose (rtol=1e-05, atol=1e-08): {all_close(bf16_grads, fp32_grads)}")

# %% [markdown]
# ## Gradient accumulation equals the big batch
#
# With the default `reduction="mean"`, the big batch's loss is the mean over 64
# samples. Four micro-batches of 16 each give the mean over 16; dividing each by 4 and
# letting `backward()` add into `.grad` gives the mean over 64 again. Check it in
# `float32`, where only the order of the additions differs: the gradients are equal up
# to rounding, not bit for bit.


# %%
def big_batch_gradients(x, y, class_weight=None) -> list[torch.Tensor]:
    model = make_model()
    F.cross_entropy(model(x), y, weight=class_weight).backward()
    return gradients(model)


def accumulated_gradients(
    x, y, micro_batch: int, weight: str, class_weight=None
) -> list[torch.Tensor]:
    model = make_model()
    chunks = list(zip(x.split(micro_batch), y.split(micro_batch), strict=True))
    w = torch.ones(5) if class_weight is None else class_weight

    def normaliser(t):  # what reduction="mean" divides by (ignore_index is -100)
        return w[t[t != -100]].sum()

    for xb, yb in chunks:
        if weight == "sum, then the big batch's normaliser":
            loss = F.cross_entropy(model(xb), yb, weight=class_weight, reduction="sum")
            (loss / normaliser(y)).backward()
            continue
        loss = F.cross_entropy(model(xb), yb, weight=class_weight)
        if weight == "micro-batches":
            scale = 1 / len(chunks)
        elif weight == "samples":
            scale = len(yb) / len(y)
        elif weight == "targets":  # the targets the loss counts
            scale = (yb != -100).sum() / (y != -100).sum()
        else:  # "target weights": the counted targets' class weights
            scale = normaliser(yb) / normaliser(y)
        (loss * scale).backward()  # adds into .grad
    return gradients(model)


big = big_batch_gradients(x, y)
accumulated = accumulated_gradients(x, y, micro_batch=16, weight="micro-batches")
bitwise = all(torch.equal(p, q) for p, q in zip(accumulated, big, strict=True))
print(f"4 x 16 accumulated vs 64 at once, allclose: {all_close(accumulated, big)}")
print(f"4 x 16 accumulated vs 64 at once, bit for bit: {bitwise}")

# %% [markdown]
# ### The uneven last micro-batch, and padding
#
# Dividing by the number of micro-batches is right only when they are the same size.
# With 50 samples in micro-batches of 16 (16, 16, 16 and 2), the 2 samples of the
# last one would weigh as much as 16. Weighting each micro-batch loss by its share of
# the samples, `len(xb) / len(x)`, fixes that.
#
# That in turn is right only while the loss averages over samples. With
# `ignore_index` (padding tokens in a sequence model) `reduction="mean"` divides by
# the number of targets it counts, and with a class `weight` by the sum of the counted
# targets' weights ([source][ce]). The share to weight by is then that of the counted
# targets, and with a class weight that of their weights, `w[yb].sum() / w[y].sum()`
# over the counted targets (their count's share is wrong there, as below). The form
# that needs no share: sum each micro-batch's loss (`reduction="sum"`) and divide it
# by the big batch's normaliser (its count of targets, or the sum of their weights),
# computed once before the micro-batches. That is on one process. Under DDP the big
# batch spans the ranks and DDP averages the gradients over them ([source][ddp-mean]):
# each rank divides its summed loss by the global normaliser (a `dist.all_reduce` of
# the counted targets or their weights) and multiplies it by the world size. Here
# every third target is padding, so the four micro-batches of 16 count different
# numbers of targets; the class weights are 1, 5, 0.2, 1 and 1:
#
# [ce]: https://github.com/pytorch/pytorch/blob/v2.13.0/torch/nn/modules/loss.py#L1235
# [ddp-mean]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/torch/nn/parallel/distributed.py#L546-L550

# %%
x50, y50 = x[:50], y[:50]
big50 = big_batch_gradients(x50, y50)
for weight in ("micro-batches", "samples"):
    accumulated = accumulated_gradients(x50, y50, micro_batch=16, weight=weight)
    print(f"50 samples, weight by {weight + ':':14} {all_close(accumulated, big50)}")

y_pad = y.clone()
y_pad[::3] = -100
counted = [int((yb != -100).sum()) for yb in y_pad.split(16)]
print(f"padding: targets counted in each micro-batch of 16: {counted}")
big_pad = big_batch_gradients(x, y_pad)
for weight in ("samples", "targets"):
    accumulated = accumulated_gradients(x, y_pad, micro_batch=16, weight=weight)
    print(f"padding, weight by {weight + ':':17} {all_close(accumulated, big_pad)}")

class_weight = torch.tensor([1.0, 5.0, 0.2, 1.0, 1.0])
big_weighted = big_batch_gradients(x, y_pad, class_weight)
for weight in ("targets", "target weights", "sum, then the big batch's normaliser"):
    accumulated = accumulated_gradients(x, y_pad, 16, weight, class_weight)
    same = all_close(accumulated, big_weighted)
    print(f"padding and class weights, {weight}: {same}")

# %% [markdown]
# One more condition for the equality: no layer may mix samples within a batch
# (BatchNorm computes statistics per micro-batch; LayerNorm, used here, is per sample:
# see [BatchNorm or LayerNorm](../training/index.md#batchnorm-vs-layernorm)).
#
# Under DDP, `model.no_sync()` around all but the last micro-batch (their forward
# passes included) skips their all-reduces: the gradients accumulate in `.grad`, and
# the last `backward()` all-reduces the accumulated sum once ([source][no-sync]). The
# result is the big batch's ([`no_sync()`](../distributed/index.md#no-sync) shows it
# on two processes). Without `no_sync()`, every `backward()` all-reduces `.grad` as it
# stands, and the result is the same up to rounding (the same snippet shows it): after
# the first all-reduce, the earlier micro-batches' part of `.grad` is already the
# average, equal on every rank, and averaging it again leaves it as it is. Under
# DDP, `no_sync()` is a matter of speed, not of correctness. FSDP's `no_sync()` costs
# memory as well: until the sync it accumulates full, unsharded gradients instead of
# each rank's shard ([source][fsdp-no-sync]); FSDP2 (`fully_shard`) spells it
# `set_requires_gradient_sync(False)` ([source][fsdp2-sync]).
#
# [no-sync]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/torch/nn/parallel/distributed.py#L1663
# [fsdp-no-sync]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/torch/distributed/fsdp/fully_sharded_data_parallel.py#L1043-L1045
# [fsdp2-sync]:
# https://github.com/pytorch/pytorch/blob/v2.13.0/torch/distributed/fsdp/_fully_shard/_fully_shard.py#L413-L420
#
# ## Both together: the training step
#
# The loop: autocast around the forward pass and the loss only, `backward()` outside
# it, one `optimizer.step()` and `zero_grad()` per accumulation cycle. Since
# `bfloat16` needs no `GradScaler`, none appears.


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
    mean_loss = train_epoch(model, optimizer, batches, accumulation_steps=4)
    print(f"epoch {epoch}: mean loss {mean_loss:.3f}")
print(
    f"parameters and optimizer state stay float32: {model[0].weight.dtype}, "
    f"{optimizer.state[model[0].weight]['exp_avg'].dtype}"
)

# %% [markdown]
# And the same comparison for a whole optimizer step: one step on the big batch
# against one step accumulated from four micro-batches, in `float32` and under
# `bfloat16` autocast on both sides. The measure is the update (the parameters after
# the step minus before), relative difference as above. Under autocast each
# micro-batch's gradient matmuls are rounded to `bfloat16` separately before they are
# summed in the `float32` `.grad`, so the accumulated step is not the big-batch step
# either, but it differs from it by less than autocast itself changes the step:


# %%
def one_step(micro_batch: int, amp: bool) -> list[torch.Tensor]:
    model = make_model()
    before = [p.detach().clone() for p in model.parameters()]
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for xb, yb in zip(x.split(micro_batch), y.split(micro_batch), strict=True):
        with torch.autocast(device_type="cpu", dtype=torch.bfloat16, enabled=amp):
            loss = F.cross_entropy(model(xb), yb)
        (loss * len(xb) / len(x)).backward()
    optimizer.step()
    return [p.detach() - b for p, b in zip(model.parameters(), before, strict=True)]


fp32_big, fp32_accumulated = one_step(64, amp=False), one_step(16, amp=False)
bf16_big, bf16_accumulated = one_step(64, amp=True), one_step(16, amp=True)
steps = {
    "float32:  accumulated vs big batch": (fp32_accumulated, fp32_big),
    "bfloat16: accumulated vs big batch": (bf16_accumulated, bf16_big),
    "bfloat16 vs float32, big batch": (bf16_big, fp32_big),
}
for name, (a, b) in steps.items():
    print(f"{name:35} update relative difference {max_relative_difference(a, b):.1e}")
