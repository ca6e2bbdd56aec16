import textwrap

import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

torch.manual_seed(0)
rnn = nn.GRU(2, 3, batch_first=True)
x = torch.randn(4, 5, 2)  # padded batch, 5 steps
lengths = torch.tensor([5, 3, 2, 1])


def forward(x, lengths, total_length=None):  # what each replica runs
    out, _ = rnn(pack_padded_sequence(x, lengths, batch_first=True))
    out, _ = pad_packed_sequence(out, batch_first=True, total_length=total_length)
    return out


# DataParallel splits the batch along dim 0: two replicas, two halves
halves = [forward(x[:2], lengths[:2]), forward(x[2:], lengths[2:])]
print([tuple(o.shape) for o in halves])
# > [(2, 5, 3), (2, 2, 3)]
try:
    torch.cat(halves)  # gathering the replicas' outputs
except RuntimeError as e:
    print(textwrap.fill(str(e), 80))
    # > Sizes of tensors must match except in dimension 0. Expected size 5 but got size
    # > 2 for tensor number 1 in the list.

# total_length pads every replica's output to the input's length
halves = [forward(x[:2], lengths[:2], 5), forward(x[2:], lengths[2:], 5)]
gathered = torch.cat(halves)
print(tuple(gathered.shape), torch.allclose(gathered, forward(x, lengths)))
# > (4, 5, 3) True
