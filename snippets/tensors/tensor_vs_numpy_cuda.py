import torch

t = torch.ones(3, device="cuda")
try:
    t.numpy()
except TypeError as e:
    print(str(e).split(". ")[1])  # the first sentence names the device; the fix follows
    # > Use Tensor.cpu() to copy the tensor to host memory first.
print(t.cpu().numpy().tolist())  # copy to host first
# > [1.0, 1.0, 1.0]
