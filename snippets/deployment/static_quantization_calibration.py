import warnings

import torch
from torch.ao.quantization import HistogramObserver, MinMaxObserver

torch.manual_seed(0)


def warning_of(call):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            call()
        except Warning as w:
            return type(w).__name__, "deprecated" in str(w)
    return None


x = torch.randn(16)
lin = torch.nn.Sequential(torch.nn.Linear(4, 4)).eval()
calls = {
    "quantize_dynamic": lambda: torch.ao.quantization.quantize_dynamic(lin),
    "prepare": lambda: torch.ao.quantization.prepare(lin),
    "quantize_per_tensor": lambda: torch.quantize_per_tensor(x, 0.1, 0, torch.quint8),
    "MinMaxObserver": lambda: MinMaxObserver()(x),
    "HistogramObserver": lambda: HistogramObserver()(x),
    "reduce_range=True": lambda: MinMaxObserver(reduce_range=True),
    "fake_quantize": lambda: torch.fake_quantize_per_tensor_affine(x, 0.1, 0, 0, 255),
}
for name, call in calls.items():
    print(name, warning_of(call))
    # > quantize_dynamic ('DeprecationWarning', True)
    # > prepare ('DeprecationWarning', True)
    # > quantize_per_tensor ('UserWarning', True)
    # > MinMaxObserver None
    # > HistogramObserver None
    # > reduce_range=True ('UserWarning', True)
    # > fake_quantize None


def qparams(lo, hi, qmin=0, qmax=255):  # asymmetric uint8, the range must hold 0
    lo, hi = min(lo, 0.0), max(hi, 0.0)
    scale = (hi - lo) / (qmax - qmin)
    return scale, int(min(max(qmin - round(lo / scale), qmin), qmax))


def fake_quant(t, scale, zp, qmin=0, qmax=255):  # quantize, then dequantize
    q = torch.clamp(torch.round(t / scale) + zp, qmin, qmax)
    return (q - zp) * scale


def activations(n):  # what a ReLU layer emits
    return torch.relu(torch.randn(n, 64) @ torch.randn(64, 64) / 8)


# calibration: record the running min and max over a few batches, then fix the scale
lo, hi, obs = float("inf"), float("-inf"), MinMaxObserver()
for _ in range(10):
    a = activations(32)
    lo, hi = min(lo, a.min().item()), max(hi, a.max().item())
    obs(a)
scale, zp = qparams(lo, hi)
t_scale, t_zp = obs.calculate_qparams()
print(
    round(scale, 5), zp, torch.isclose(t_scale, torch.tensor(scale)).item(), t_zp.item()
)
# > 0.01496 0 True 0

served = activations(256)
ours = fake_quant(served, scale, zp)
print(
    torch.allclose(
        ours, torch.fake_quantize_per_tensor_affine(served, scale, zp, 0, 255)
    )
)
# > True


def report(name, s, z):
    err = (fake_quant(served, s, z) - served).abs().mean().item()
    clipped = (served > (255 - z) * s).float().mean().item()
    print(f"{name}: step {s:.4f} error {err:.4f} clipped {clipped:.3f}")
    # > calibrated: step 0.0150 error 0.0019 clipped 0.000
    # > too narrow: step 0.0037 error 0.0929 clipped 0.167
    # > dynamic: step 0.0150 error 0.0019 clipped 0.000
    # > min/max, outlier: step 0.7478 error 0.0919 clipped 0.000
    # > 99.9th percentile: step 0.0125 error 0.0018 clipped 0.001


report("calibrated", scale, zp)
report("too narrow", *qparams(0.0, hi / 4))  # calibrated on unrepresentative data
report("dynamic", *qparams(served.min().item(), served.max().item()))  # per batch

# one outlier in the calibration data: min/max keeps it, a percentile clips it
calib = torch.cat([activations(320).flatten(), torch.tensor([50 * hi])])
report("min/max, outlier", *qparams(0.0, calib.max().item()))
report("99.9th percentile", *qparams(0.0, torch.quantile(calib, 0.999).item()))
