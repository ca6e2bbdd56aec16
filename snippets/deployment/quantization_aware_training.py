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


# float64, and QAT's losses compared rather than printed: training through a rounding
# step amplifies the last bits, which differ by CPU kernel (QAT's 4-bit loss does)
X = torch.randn(1024, 8, dtype=torch.float64)
Y = torch.sin(X @ torch.randn(8, 1, dtype=torch.float64))
for bits in (8, 4):
    mse = {}
    for qat in (False, True):
        torch.manual_seed(1)
        net = Net(bits if qat else None).double()
        opt = torch.optim.Adam(net.parameters(), lr=1e-2)
        for _ in range(300):
            opt.zero_grad()
            nn.functional.mse_loss(net(X), Y).backward()
            opt.step()
        with torch.no_grad():
            trained = nn.functional.mse_loss(net(X), Y).item()
            rounded = nn.functional.mse_loss(net(X, bits=bits), Y).item()
        mse[qat] = trained, rounded
    (ptq_trained, ptq_rounded), (qat_trained, qat_rounded) = mse[False], mse[True]
    print(bits, "bits, PTQ:", round(ptq_trained, 4), round(ptq_rounded, 4))
    # > 8 bits, PTQ: 0.0029 0.003
    # > 4 bits, PTQ: 0.0029 0.0825
    print("  QAT unchanged by rounding:", qat_trained == qat_rounded)
    # >   QAT unchanged by rounding: True
    # >   QAT unchanged by rounding: True
    print("  QAT better than PTQ after rounding:", qat_rounded < ptq_rounded)
    # >   QAT better than PTQ after rounding: False
    # >   QAT better than PTQ after rounding: True
