import textwrap
import warnings

import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(32, 16)).eval()

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # the classic answer
    qmodel = torch.ao.quantization.quantize_dynamic(
        model, {nn.Linear}, dtype=torch.qint8
    )
    x = torch.randn(4, 32)
    print(qmodel[0]._get_name(), qmodel[0].weight().dtype)  # it still runs in 2.13
    # > DynamicQuantizedLinear torch.qint8
    print("close to float:", torch.allclose(qmodel(x), model(x), atol=0.05))
    # > close to float: True
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

# What int8 dynamic quantization computes, in plain integer tensors:
w = model[0].weight.detach()
# per output channel, symmetric: zero point 0
w_scale = w.abs().amax(dim=1, keepdim=True) / 127
w_q = torch.round(w / w_scale).clamp(-128, 127).to(torch.int8)  # done once, offline
# "dynamic": computed from each batch at run time
x_scale = x.abs().amax(dim=1, keepdim=True) / 127
x_q = torch.round(x / x_scale).clamp(-128, 127).to(torch.int8)

# int8 x int8 products summed in int32
acc = x_q.to(torch.int32) @ w_q.to(torch.int32).T
y = acc * x_scale * w_scale.T  # one float rescale at the end
ref = x @ w.T
print(acc.dtype, "relative error:", round(((y - ref).norm() / ref.norm()).item(), 2))
# > torch.int32 relative error: 0.01
print("bytes per weight:", w_q.element_size(), "vs", w.element_size())
# > bytes per weight: 1 vs 4
print(
    "rounding error <= scale / 2:",
    bool(((w_q * w_scale - w).abs() <= w_scale / 2 + 1e-7).all()),
)
# > rounding error <= scale / 2: True
