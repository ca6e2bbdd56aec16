import numpy as np
import torch
from torch import nn

# Device-agnostic: CUDA, ROCm, MPS, XPU... whichever accelerator this build of torch
# supports.
print(torch.accelerator.is_available(), torch.accelerator.device_count())
# > False 0
print(torch.accelerator.current_accelerator())  # None on a CPU-only build
# > None
# None unless one is usable right now
acc = torch.accelerator.current_accelerator(check_available=True)
device = acc if acc is not None else torch.device("cpu")
print(device)  # on this machine
# > cpu
# The runtime calls (synchronize, memory_allocated, ...) need an accelerator to exist.
try:
    torch.accelerator.synchronize()
except RuntimeError as e:
    print(e)
    # > Cannot access accelerator device when none is available.

# A torch.device is only a name: type and optional index. Creating one allocates
# nothing.
d = torch.device("cuda", 1)
print(d, d.type, d.index, torch.device("cuda").index)
# > cuda:1 cuda 1 None
print(torch.get_default_device())
# > cpu

# As a context manager it sets the device factory functions use: on "meta", shapes
# without memory.
with torch.device("meta"):
    big = nn.Linear(50_000, 50_000)  # 10 GB of float32 weights, not allocated
print(big.weight.device, big.weight.shape)
# > meta torch.Size([50000, 50000])

# Factory calls without a device follow it; from_numpy shares NumPy's buffer and a
# *_like takes its input's device, so both stay on the CPU.
cpu_t = torch.ones(2)
with torch.device("meta"):
    made = [torch.zeros(2), torch.from_numpy(np.zeros(2)), torch.zeros_like(cpu_t)]
print([t.device.type for t in made])
# > ['meta', 'cpu', 'cpu']
