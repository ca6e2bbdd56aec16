import textwrap

import torch

w = torch.ones(3, requires_grad=True)
try:
    w.numpy()
except RuntimeError as e:
    print(textwrap.fill(str(e), 80))
    # > Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy()
    # > instead.

# detach() drops the graph; on a CPU tensor .cpu() returns the tensor itself...
d = w.detach()
print(d.cpu() is d)
# > True
arr = w.detach().cpu().numpy()
arr[0] = 5.0  # ...so the array still aliases w, and so does force=True's
w.numpy(force=True)[1] = 7.0
print(w)
# > tensor([5., 7., 1.], requires_grad=True)

# NumPy has no bfloat16: neither route converts it
b = torch.ones(2, dtype=torch.bfloat16)
for convert in (lambda: b.detach().cpu().numpy(), lambda: b.numpy(force=True)):
    try:
        convert()
    except TypeError as e:
        print(e)
        # > Got unsupported ScalarType BFloat16
        # > Got unsupported ScalarType BFloat16
print(b.float().numpy())  # widen to float32 first (a copy)
# > [1. 1.]

# A tensor off the CPU has no NumPy view. The meta device shows the same error a CUDA
# tensor raises:
try:
    torch.ones(3, device="meta").numpy()
except TypeError as e:
    print(textwrap.fill(str(e), 80))
    # > can't convert meta device type tensor to numpy. Use Tensor.cpu() to copy the
    # > tensor to host memory first.
