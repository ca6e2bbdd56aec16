import torch
from torch import nn

# cuDNN's switches: global to the process, read at each convolution
cudnn = torch.backends.cudnn
print(cudnn.enabled, cudnn.benchmark, cudnn.deterministic, cudnn.allow_tf32)
# > True False False True
print(torch.backends.cuda.matmul.allow_tf32)  # cuBLAS float32 matmuls: full fp32
# > False

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
