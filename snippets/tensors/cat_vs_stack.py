import textwrap

import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import default_collate

a, b = torch.zeros(2, 3), torch.ones(2, 3)
# cat joins along an existing dim: same rank, one dim grows
print(torch.cat([a, b]).shape, torch.cat([a, b], dim=1).shape)
# > torch.Size([4, 3]) torch.Size([2, 6])
# stack inserts a new dim: the rank grows by one
print(torch.stack([a, b]).shape, torch.stack([a, b], dim=2).shape)
# > torch.Size([2, 2, 3]) torch.Size([2, 3, 2])
stacked = torch.stack([a, b], dim=1)
print(torch.equal(stacked, torch.cat([a.unsqueeze(1), b.unsqueeze(1)], dim=1)))
# > True

# cat needs every other dim to match; stack needs identical shapes
print(torch.cat([a, torch.zeros(5, 3)]).shape)
# > torch.Size([7, 3])
print(torch.cat([a, torch.zeros(0)]).shape)  # legacy: a 1-D empty (0,) is skipped
# > torch.Size([2, 3])
try:
    torch.cat([a, torch.zeros(2, 4)])
except RuntimeError as e:
    print(textwrap.fill(str(e), 80))
    # > Sizes of tensors must match except in dimension 0. Expected size 3 but got size
    # > 4 for tensor number 1 in the list.
try:
    torch.stack([a, torch.zeros(5, 3)])
except RuntimeError as e:
    print(textwrap.fill(str(e), 80))
    # > stack expects each tensor to be equal size, but got [2, 3] at entry 0 and [5, 3]
    # > at entry 1

# The DataLoader's default collate stacks samples: variable lengths fail the same way
try:
    default_collate([torch.ones(3), torch.ones(5)])
except RuntimeError as e:
    print(textwrap.fill(str(e), 80))
    # > stack expects each tensor to be equal size, but got [3] at entry 0 and [5] at
    # > entry 1
print(pad_sequence([torch.ones(3), torch.ones(5)], batch_first=True))  # pad, then stack
# > tensor([[1., 1., 1., 0., 0.],
# >         [1., 1., 1., 1., 1.]])

# Scalars (0-dim losses, metrics) can be stacked, not concatenated
losses = [torch.tensor(0.5), torch.tensor(0.25)]
try:
    torch.cat(losses)
except RuntimeError as e:
    print(e)
    # > zero-dimensional tensor (at position 0) cannot be concatenated
print(torch.stack(losses))
# > tensor([0.5000, 0.2500])

# cat always writes a new tensor, even from one input: x = cat([x, new]) in a loop
# re-copies all of x each step. Collect in a list and cat once.
print(torch.cat([a]).data_ptr() == a.data_ptr())
# > False
