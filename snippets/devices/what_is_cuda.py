import warnings

import torch
from torch import nn

# cuDNN's switches: global to the process, read at each convolution
cudnn = torch.backends.cudnn
print(cudnn.enabled, cudnn.benchmark, cudnn.deterministic)
# > True False False
# TF32, the 2.9+ API: on for cuDNN's convolutions and RNNs, off for cuBLAS's matmuls
matmul = torch.backends.cuda.matmul
print(cudnn.conv.fp32_precision, cudnn.rnn.fp32_precision, matmul.fp32_precision)
# > tf32 tf32 none

# The legacy API, read and set (to the defaults) before anything else in this process
# touched it: 2.9 warned once per process here, 2.13 records nothing.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    legacy = cudnn.allow_tf32, matmul.allow_tf32, torch.get_float32_matmul_precision()
    cudnn.allow_tf32, matmul.allow_tf32 = True, False
    torch.set_float32_matmul_precision("highest")
print(*legacy, len(caught))  # the same settings as above: cuBLAS stays full fp32
# > True False highest 0


def read(flag):
    try:
        return flag()
    except RuntimeError as e:  # "... you have used mix of the legacy and new APIs ..."
        return "RuntimeError: mixed APIs" if "mix of the legacy" in str(e) else e


def enter_cudnn_flags():
    with cudnn.flags(enabled=False):  # torch's own context manager
        return "entered"


# The two APIs keep separate state, and a legacy read checks that they agree.
# The new API alone on matmuls: TF32, which the legacy "highest" cannot express.
matmul.fp32_precision = "tf32"
print(read(lambda: matmul.allow_tf32))
# > RuntimeError: mixed APIs
print(read(torch.get_float32_matmul_precision))
# > RuntimeError: mixed APIs
# The legacy setter writes both states, so the reads agree again.
torch.set_float32_matmul_precision("high")
print(matmul.fp32_precision, matmul.allow_tf32, torch.get_float32_matmul_precision())
# > tf32 True high
torch.set_float32_matmul_precision("highest")

# cuDNN: conv and RNN both "ieee" (not set apart) still disagree with allow_tf32.
cudnn.conv.fp32_precision = cudnn.rnn.fp32_precision = "ieee"
print(read(lambda: cudnn.allow_tf32))
# > RuntimeError: mixed APIs
# torch's own cudnn.flags() reads the legacy flag, to restore it on exit
print(read(enter_cudnn_flags))
# > RuntimeError: mixed APIs
cudnn.allow_tf32 = True  # the legacy setter: both states back to the defaults
print(cudnn.conv.fp32_precision, cudnn.rnn.fp32_precision, cudnn.allow_tf32)
# > tf32 tf32 True

# device-agnostic code: one script, CUDA kernels where there is a GPU
device = torch.accelerator.current_accelerator(check_available=True)
device = device or torch.device("cpu")
torch.manual_seed(0)
model = nn.Conv2d(3, 8, 3)
x = torch.randn(2, 3, 16, 16)
expected = model(x)  # on the CPU
out = model.to(device)(x.to(device))  # on CUDA: a cuDNN convolution, queued
# on a GPU the cuDNN kernel agrees within TF32's rounding (on the CPU: the same kernel)
print(out.device.type == device.type, torch.allclose(out.cpu(), expected, atol=1e-2))
# > True True
