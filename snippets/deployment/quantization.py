import os
import tempfile
import textwrap
import warnings

import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(32, 16)).eval()
x = torch.randn(4, 32)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # the classic answer
    qmodel = torch.ao.quantization.quantize_dynamic(
        model, {nn.Linear}, dtype=torch.qint8
    )
    qweight = qmodel[0].weight()  # the int8 weight it stored
    q_out = qmodel(x)  # it still runs in 2.13
    print(qmodel[0]._get_name(), qweight.dtype, "zero point:", qweight.q_zero_point())
    # > DynamicQuantizedLinear torch.qint8 zero point: 0
print("engine:", torch.backends.quantized.engine)  # the default on x86 CPUs
# > engine: x86
# one line per distinct warning: the module warns (DeprecationWarning), and so do the
# quantized tensors it creates (a UserWarning from C++ that says "deprecated")
first_lines = {}
for w in caught:
    first_lines[str(w.message).splitlines()[0].split(" Please see")[0]] = w.category
for message, category in first_lines.items():
    print(textwrap.fill(f"{category.__name__}: {message}", 80))
    # > DeprecationWarning: torch.ao.quantization is deprecated and will be removed in
    # > 2.10.
    # > UserWarning: torch.quantize_per_tensor, torch.quantize_per_channel and other
    # > quantized tensor creation functions that produce tensors with dtype
    # > torch.quint8, torch.qint8, and torch.qint32 are deprecated and will be removed
    # > in a future PyTorch release.

# What quantize_dynamic computed, redone in plain integer tensors:
w, b = model[0].weight.detach(), model[0].bias.detach()
# weights, once, offline: one symmetric scale for the whole tensor, zero point 0
w_scale = w.abs().max() / 127.5
w_q = torch.round(w / w_scale).clamp(-128, 127).to(torch.int8)
print("same int8 weights:", torch.equal(w_q, qweight.int_repr()))
# > same int8 weights: True


# activations, at every call: a scale and a zero point from this batch's min and max,
# into uint8 values 0..levels: 0..127 with reduce_range=True
def by_hand(levels):
    low, high = min(x.min().item(), 0.0), max(x.max().item(), 0.0)
    x_scale = (high - low) / levels
    x_zero = round(-low / x_scale)
    x_q = (torch.round(x / x_scale) + x_zero).clamp(0, levels).to(torch.uint8)
    # uint8 x int8 products summed in int32, one float rescale at the end, float bias
    acc = (x_q.to(torch.int32) - x_zero) @ w_q.to(torch.int32).T
    return acc * (x_scale * w_scale) + b


y = by_hand(127)
print("x86, 0..127 equals quantize_dynamic's output:", torch.allclose(y, q_out))
# > x86, 0..127 equals quantize_dynamic's output: True
# one scale per tensor is quantize_dynamic's default; torch.ao has per-channel weight
# scales too: a per-channel qconfig, and the x86 engine's static default
with warnings.catch_warnings(record=True):  # the same deprecations as above
    warnings.simplefilter("always")
    dynamic_config = torch.ao.quantization.per_channel_dynamic_qconfig
    per_channel = torch.ao.quantization.quantize_dynamic(
        model, {nn.Linear: dynamic_config}
    )
    static_default = torch.ao.quantization.get_default_qconfig("x86")
    # the scheme is the observer's: symmetric in both
    print(dynamic_config.weight().qscheme, static_default.weight().qscheme)
    # > torch.per_channel_symmetric torch.per_channel_symmetric
    stored = per_channel[0].weight()  # a scale per output channel, every zero point 0,
    zero_points = stored.q_per_channel_zero_points().unique().tolist()
    # yet the quantized tensor reports "affine": read the observer, not the tensor
    print(stored.q_per_channel_scales().numel(), zero_points, stored.qscheme())
    # > 16 [0] torch.per_channel_affine

# qnnpack, the engine for ARM CPUs, ignores reduce_range
torch.backends.quantized.engine = "qnnpack"
with warnings.catch_warnings(record=True) as qnn_caught:  # the deprecations as above
    warnings.simplefilter("always")
    qnn = torch.ao.quantization.quantize_dynamic(model, {nn.Linear}, dtype=torch.qint8)
    # this C++ warning, unlike the quantize_per_tensor one above, bypasses Python's
    # warnings and goes to stderr: read it there
    with tempfile.TemporaryFile() as stderr:
        saved = os.dup(2)
        os.dup2(stderr.fileno(), 2)
        try:
            qnn_out = qnn(x)
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        stderr.seek(0)
        cpp_warning = stderr.read().decode()
print(textwrap.fill(cpp_warning.split("Warning: ")[1].split(" (function")[0], 80))
# > Currently, qnnpack incorrectly ignores reduce_range when it is set to true; this
# > may change in a future release.
via_python = any("reduce_range" in str(w.message) for w in qnn_caught)
print("via Python's warnings:", via_python)
# > via Python's warnings: False
print(
    "qnnpack, 0..127:",
    torch.allclose(by_hand(127), qnn_out),
    "| 0..255:",
    torch.allclose(by_hand(255), qnn_out),
)
# > qnnpack, 0..127: False | 0..255: True
ref = model(x)
print("relative error:", round(((y - ref).norm() / ref.norm()).item(), 3))
# > relative error: 0.015
print("bytes per weight:", w_q.element_size(), "vs", w.element_size())
# > bytes per weight: 1 vs 4


# the trap: one outlier stretches a per-tensor scale; per-row scales confine it
def quantize(t, scale):
    return torch.round(t / scale).clamp(-128, 127)


def error(t, scale):  # relative error of the int8 round trip
    return round(((quantize(t, scale) * scale - t).norm() / t.norm()).item(), 3)


spiky = w.clone()
spiky[0, 0] = 100 * w.abs().max()
per_tensor = spiky.abs().max() / 127.5
per_row = spiky.abs().amax(dim=1, keepdim=True) / 127.5
before = quantize(w, w_scale).unique().numel()
print(
    "levels used:",
    before,
    "-> one outlier:",
    quantize(spiky, per_tensor).unique().numel(),
)
# > levels used: 215 -> one outlier: 4
rest = spiky[1:]  # the 15 rows without the outlier
print(
    "their error, per-tensor:",
    error(rest, per_tensor),
    "| per-row:",
    error(rest, per_row[1:]),
)
# > their error, per-tensor: 0.357 | per-row: 0.004
# per row, only the outlier's own row pays: its other 31 weights share its scale
print("row 0 without the outlier, per-row:", error(spiky[0, 1:], per_row[0]))
# > row 0 without the outlier, per-row: 0.391

# static quantization fixes the activations' scale offline, from calibration data;
# dynamic measures it on every batch
calibration = torch.randn(256, 32)
static_scale = calibration.abs().max() / 127.5
served = 3 * torch.randn(4, 32)  # traffic three times wider than the calibration
dynamic_scale = served.abs().max() / 127.5
print(
    "served batch error, static:",
    error(served, static_scale),
    "| dynamic:",
    error(served, dynamic_scale),
)
# > served batch error, static: 0.256 | dynamic: 0.007
