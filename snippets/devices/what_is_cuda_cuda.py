import torch

# lazy initialization: importing torch creates no CUDA context
print(torch.cuda.is_initialized())
# > False
x = torch.ones(4, device="cuda")  # the first CUDA call creates it
print(torch.cuda.is_initialized())
# > True

# a CUDA build: its CUDA runtime version, cuDNN, kernels compiled for GPU families
print(
    torch.version.cuda is not None,
    torch.backends.cudnn.is_available(),
    len(torch.cuda.get_arch_list()) > 0,
)
# > True True True

# every op is queued on the current stream, the device's default one unless chosen
print(torch.cuda.current_stream() == torch.cuda.default_stream())
# > True
side = torch.cuda.Stream()
side.wait_stream(torch.cuda.current_stream())  # x was written on the default stream
with torch.cuda.stream(side):
    y = x * 2  # queued on the side stream
    print(torch.cuda.current_stream() == side)
    # > True
torch.cuda.current_stream().wait_stream(side)  # before the default stream reads y
print(y.sum().item())
# > 8.0
