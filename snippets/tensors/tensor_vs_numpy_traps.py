import torch

w = torch.ones(3, requires_grad=True)

try:
    w.numpy()
except RuntimeError as e:
    print(e)
    # > Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.

# works for any tensor: drop the graph, copy to host if needed
arr = w.detach().cpu().numpy()
print(arr.dtype, arr.shape)
# > float32 (3,)
# force=True = detach().cpu().resolve_conj().resolve_neg()
print(w.numpy(force=True).tolist())
# > [1.0, 1.0, 1.0]

# A tensor off the CPU has no NumPy view. The meta device shows the same error a CUDA
# tensor raises:
try:
    torch.ones(3, device="meta").numpy()
except TypeError as e:
    print(e)
    # > can't convert meta device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory first.
