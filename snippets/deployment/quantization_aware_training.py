import warnings

import torch
from torch import nn
from torch.ao.quantization import FakeQuantize, get_default_qat_qconfig

torch.manual_seed(0)


def warning_of(call):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            call()
        except Warning as w:
            return type(w).__name__, "deprecated" in str(w)
    return None


m = nn.Sequential(nn.Linear(2, 2))
m.qconfig = get_default_qat_qconfig("x86")
calls = {
    "prepare_qat": lambda: torch.ao.quantization.prepare_qat(m),
    "FakeQuantize": lambda: FakeQuantize()(torch.randn(4)),
    "fake_quantize": lambda: torch.fake_quantize_per_tensor_affine(
        torch.randn(4), 0.1, 0, -128, 127
    ),
}
for name, call in calls.items():
    print(name, warning_of(call))
    # > prepare_qat ('DeprecationWarning', True)
    # > FakeQuantize None
    # > fake_quantize None

# fake quantization: round to the int grid and back, in float; STE gradient
x = torch.linspace(-1.5, 1.5, 7, requires_grad=True)
y = torch.fake_quantize_per_tensor_affine(x, 0.25, 0, -4, 3)  # grid -1.0 .. 0.75
y.sum().backward()
print(x.detach().tolist())
# > [-1.5, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5]
print(y.detach().tolist())
# > [-1.0, -1.0, -0.5, 0.0, 0.5, 0.75, 0.75]
print(x.grad.tolist())  # 1 where x is inside the grid's range, 0 where clipped
# > [0.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0]


def fake_quant_weight(w, bits):  # symmetric, one scale per tensor
    qmax = 2 ** (bits - 1) - 1
    scale = w.detach().abs().max().item() / qmax
    return torch.fake_quantize_per_tensor_affine(w, scale, 0, -qmax - 1, qmax)


class Net(nn.Module):
    def __init__(self, qat_bits):
        super().__init__()
        self.l1, self.l2, self.qat_bits = nn.Linear(8, 32), nn.Linear(32, 1), qat_bits

    def forward(self, x, bits=None):  # bits: round the weights (int inference)
        bits = bits or self.qat_bits

        def q(w):
            return w if bits is None else fake_quant_weight(w, bits)

        h = torch.relu(x @ q(self.l1.weight).T + self.l1.bias)
        return h @ q(self.l2.weight).T + self.l2.bias


X = torch.randn(1024, 8)
Y = torch.sin(X @ torch.randn(8, 1))
for bits in (8, 4):
    for qat in (False, True):
        torch.manual_seed(1)
        net = Net(bits if qat else None)
        opt = torch.optim.Adam(net.parameters(), lr=1e-2)
        for _ in range(300):
            opt.zero_grad()
            nn.functional.mse_loss(net(X), Y).backward()
            opt.step()
        with torch.no_grad():
            trained = nn.functional.mse_loss(net(X), Y).item()
            rounded = nn.functional.mse_loss(net(X, bits=bits), Y).item()
        print(bits, "QAT" if qat else "PTQ", round(trained, 4), round(rounded, 4))
        # > 8 PTQ 0.0798 0.0813
        # > 8 QAT 0.1145 0.1145
        # > 4 PTQ 0.0798 0.2182
        # > 4 QAT 0.2327 0.2327
