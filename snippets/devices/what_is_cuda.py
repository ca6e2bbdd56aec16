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
print(torch.get_float32_matmul_precision())  # float32 matmuls: full fp32
# > highest
# the legacy flags say the same, and setting one no longer warns in 2.13
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    cudnn.allow_tf32 = True
print(cudnn.allow_tf32, matmul.allow_tf32, len(caught))
# > True False 0

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
