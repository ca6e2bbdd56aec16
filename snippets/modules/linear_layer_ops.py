import torch
from torch import nn
from torch.utils._python_dispatch import TorchDispatchMode


class LogOps(TorchDispatchMode):  # records each aten op that runs
    def __init__(self):
        super().__init__()
        self.ops = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.ops.append(func.overloadpacket.__name__)
        return func(*args, **(kwargs or {}))


torch.manual_seed(0)
layer = nn.Linear(256, 128)
print([name for name, _ in layer.named_parameters()])
# > ['weight', 'bias']

# nn.Linear's forward is F.linear: one addmm (bias + x @ W.T) for a 2-D input;
# a contiguous N-D input and a 1-D one are viewed as 2-D around it, while a
# non-contiguous one falls back to matmul (a copy, mm) and a separate add
inputs = {
    (64, 256): torch.randn(64, 256),
    (8, 8, 256): torch.randn(8, 8, 256),
    (256,): torch.randn(256),
    "(8, 8, 256) .mT": torch.randn(8, 256, 8).mT,
}
for name, x in inputs.items():
    with LogOps() as log:
        layer(x)
    print(name, log.ops)
    # > (64, 256) ['t', 'addmm']
    # > (8, 8, 256) ['view', 't', 'addmm', 'view']
    # > (256,) ['view', 't', 'addmm', 'view']
    # > (8, 8, 256) .mT ['t', 'clone', '_unsafe_view', 'mm', '_unsafe_view', 'add']

# the manual formula is two ops: a matmul, then a separate add of the bias
x = torch.randn(64, 256)
with LogOps() as log:
    manual = x @ layer.weight.T + layer.bias
print(log.ops)
# > ['permute', 'mm', 'add']

with torch.no_grad():
    y = layer(x)
    fused = torch.addmm(layer.bias, x, layer.weight.T)
print("equal to addmm:", torch.equal(y, fused))
# > equal to addmm: True
# the same math, not the same rounding (here on CPU, float32): close, not equal
diff = (y - manual).abs().max().item()
print("manual: torch.equal", torch.equal(y, manual), "| max diff < 1e-6:", diff < 1e-6)
# > manual: torch.equal False | max diff < 1e-6: True
