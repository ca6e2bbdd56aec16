import torch

# the CPU build (the one the tests run): no CUDA runtime, no kernels, no cuDNN
cudnn = torch.backends.cudnn
print(torch.version.cuda, torch.cuda.get_arch_list(), cudnn.is_available())
# > None [] False
print(torch.cuda.is_available(), torch.cuda.device_count())
# > False 0
try:
    torch.zeros(1, device="cuda")
except AssertionError as e:
    print(e)
    # > Torch not compiled with CUDA enabled
