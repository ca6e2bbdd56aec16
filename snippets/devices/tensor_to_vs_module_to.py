import torch
from torch import nn

t = torch.ones(3)
t.to(torch.float64)  # returns a NEW tensor, which is thrown away here
print(t.dtype)
# > torch.float32
t = t.to(torch.float64)  # tensors: assign the result
# already there: .to() returns the tensor itself, no copy
print(t.dtype, t.to(torch.float64) is t)
# > torch.float64 True

model = nn.Linear(2, 2)
# modules: converted in place, returns self
print(model.to(torch.float64) is model, model.weight.dtype)
# > True torch.float64


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.register_buffer("offset", torch.zeros(2))  # buffer: moved with the module
        self.scale = torch.ones(2)  # plain tensor attribute: NOT moved


m = Scaled().to(torch.float64)
print(m.lin.weight.dtype, m.offset.dtype, m.scale.dtype)
# > torch.float64 torch.float64 torch.float32

# In place for the module and its Parameter objects, not for its buffers: each converted
# buffer is a new tensor, so a reference taken before .to() keeps the old one.
bn = nn.BatchNorm1d(2)
weight, running_mean = bn.weight, bn.running_mean
bn.to(torch.float16)
print(bn.weight is weight, bn.running_mean is running_mean, running_mean.dtype)
# > True False torch.float32

# A dtype reaches only floating-point (and complex) parameters and buffers: integer
# buffers keep their dtype, and an integer dtype is refused.
print(bn.weight.dtype, bn.num_batches_tracked.dtype)
# > torch.float16 torch.int64
try:
    nn.Linear(2, 2).to(torch.int64)
except TypeError as e:
    print(str(e).split(",")[0])
    # > nn.Module.to only accepts floating point or complex dtypes

# .to() on a leaf that requires grad is an op when it converts: the result is a
# non-leaf the optimizer refuses. When nothing changes it returns the leaf itself, so
# `.to(device)` passes on a laptop (device="cpu") and fails on the GPU box.
leaf = torch.ones(2, requires_grad=True)
print(leaf.to("cpu") is leaf, leaf.to(torch.float64).is_leaf)
# > True False
try:
    torch.optim.SGD([leaf.to(torch.float64)], lr=0.1)  # as .to("cuda") would be
except ValueError as e:
    print(e)
    # > can't optimize a non-leaf Tensor
# create it where it lives, then it is a leaf
w = torch.ones(2, dtype=torch.float64, requires_grad=True)
print(w.is_leaf)
# > True
