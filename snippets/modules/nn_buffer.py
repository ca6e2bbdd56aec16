import copy

import torch
from torch import nn


class Rotary(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        # assignment registers a buffer, as nn.Parameter registers a parameter
        self.calls = nn.Buffer(torch.zeros((), dtype=torch.long))
        # derived from the config: rebuilt in __init__, so kept out of checkpoints
        self.inv_freq = nn.Buffer(
            1.0 / 10000 ** (torch.arange(dim) / dim), persistent=False
        )
        self.table = 1.0 / 10000 ** (torch.arange(dim) / dim)  # plain: not registered

    def forward(self, x):
        self.calls += 1
        return x * self.inv_freq


m = Rotary()
m(torch.ones(4))  # one call: calls == 1
print([n for n, _ in m.named_buffers()], list(m.state_dict()), list(m.parameters()))
# > ['calls', 'inv_freq'] ['calls'] []

# What is stored is a Tensor that keeps the mark: isinstance(t, nn.Buffer) stays True,
# so another module registers it too, under any name, with its persistence.
print(type(m.inv_freq).__name__, isinstance(m.inv_freq, nn.Buffer))
# > Tensor True
other = nn.Module()
other.freq = m.inv_freq
print([n for n, _ in other.named_buffers()], list(other.state_dict()))
# > ['freq'] []

m.to(torch.float64)  # every buffer is moved and cast; the plain tensor is not
print(m.inv_freq.dtype, m.table.dtype, m.calls.dtype)
# > torch.float64 torch.float32 torch.int64
# the cast stored a new tensor, and a new tensor (t * 2, t.clone()) has no mark; a deep
# copy keeps it
print(
    isinstance(m.inv_freq, nn.Buffer),
    isinstance(m.calls * 2, nn.Buffer),
    isinstance(copy.deepcopy(m.calls), nn.Buffer),
)
# > False False True

# register_buffer stores t itself; nn.Buffer(t) is a new detached tensor on t's memory
t = torch.zeros(3)
holder = nn.Module()
holder.register_buffer("kept", t)
holder.marked = nn.Buffer(t)
print(holder.kept is t, holder.marked is t, holder.marked.data_ptr() == t.data_ptr())
# > True False True
# ... and it keeps requires_grad: from a tensor that requires grad (here a non-leaf), a
# leaf that requires grad and gets a .grad, where t.detach() alone would not
w = torch.ones(2, requires_grad=True) * 2
b = nn.Buffer(w)
(b * 3).sum().backward()
print(b.requires_grad, b.is_leaf, b.grad_fn, b.grad, w.detach().requires_grad)
# > True True None tensor([3., 3.]) False

# A tensor without the mark, assigned to an existing buffer's name, replaces it and
# stays a buffer, with the same persistence; under a new name it is a plain attribute.
m.inv_freq = torch.ones(4)
m.other = torch.ones(4)
print([n for n, _ in m.named_buffers()], list(m.state_dict()))
# > ['calls', 'inv_freq'] ['calls']

# A checkpoint without the non-persistent buffer loads strictly; calls comes from it
fresh = Rotary()
print(fresh.load_state_dict(m.state_dict()), fresh.calls.item())
# > <All keys matched successfully> 1
