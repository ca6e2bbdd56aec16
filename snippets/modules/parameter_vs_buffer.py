import torch
from torch import nn


class Normalizer(nn.Module):
    def __init__(self):
        super().__init__()
        # learned: in parameters(), gets .grad, the optimizer updates it
        self.gain = nn.Parameter(torch.ones(3))
        # state, not learned: saved, moved, never optimized
        self.register_buffer("mean", torch.zeros(3))
        # moved, but not saved
        self.register_buffer("cache", torch.zeros(3), persistent=False)
        self.plain = torch.zeros(3)  # not registered at all

    def forward(self, x):
        return (x - self.mean) * self.gain


m = Normalizer()
print([n for n, _ in m.named_parameters()], [n for n, _ in m.named_buffers()])
# > ['gain'] ['mean', 'cache']
print(list(m.state_dict()))  # parameters + persistent buffers
# > ['gain', 'mean']
print(m.mean.requires_grad)  # created without requires_grad: no gradient
# > False

m.to(torch.float64)  # .to() moves/casts parameters and ALL buffers, persistent or not
print(m.gain.dtype, m.mean.dtype, m.cache.dtype, m.plain.dtype)
# > torch.float64 torch.float64 torch.float64 torch.float32

bn = nn.BatchNorm1d(3)  # the built-in example: running stats are buffers
print([n for n, _ in bn.named_buffers()])
# > ['running_mean', 'running_var', 'num_batches_tracked']
bn.to(torch.float64)  # .to(dtype) casts floating-point (and complex) tensors only
print(bn.running_mean.dtype, bn.num_batches_tracked.dtype)
# > torch.float64 torch.int64

# Not learned because no optimizer is given it: a buffer that requires grad gets one
m.register_buffer("scale", torch.ones(3, requires_grad=True))
m(torch.ones(3)).mul(m.scale).sum().backward()
print(m.scale.grad, [n for n, _ in m.named_parameters()])
# > tensor([1., 1., 1.]) ['gain']
