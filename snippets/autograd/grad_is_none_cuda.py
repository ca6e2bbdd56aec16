import torch

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True).to("cuda")  # a copy onto the GPU: a non-leaf
print(w.is_leaf, w.grad_fn.name())
# > False ToCopyBackward0
w = torch.randn(3, device="cuda", requires_grad=True)  # fix: create it there
print(w.is_leaf)
# > True
