import textwrap

import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import DataLoader

# Variable-length samples: (token ids, label)
data = [
    (torch.tensor([5, 2, 9]), 0),
    (torch.tensor([7, 1]), 1),
    (torch.tensor([3]), 0),
    (torch.tensor([4, 4, 8, 6]), 1),
]

# The default collate_fn calls torch.stack on the tensors of a batch: it needs equal
# shapes.
try:
    next(iter(DataLoader(data, batch_size=2)))
except RuntimeError as e:
    print(textwrap.fill(str(e), 80))
    # > stack expects each tensor to be equal size, but got [3] at entry 0 and [2] at
    # > entry 1


def pad_collate(batch):
    """Receives a list of samples, returns one batch: pads to this batch's longest."""
    seqs, labels = zip(*batch, strict=True)
    lengths = torch.tensor([len(s) for s in seqs])
    padded = pad_sequence(seqs, batch_first=True, padding_value=0)
    mask = torch.arange(padded.size(1)) < lengths[:, None]  # True on real tokens
    return padded, mask, torch.tensor(labels)


loader = DataLoader(data, batch_size=2, collate_fn=pad_collate)
for padded, mask, labels in loader:
    print(padded.tolist(), mask.int().tolist(), labels.tolist())
    # > [[5, 2, 9], [7, 1, 0]] [[1, 1, 1], [1, 1, 0]] [0, 1]
    # > [[3, 0, 0, 0], [4, 4, 8, 6]] [[1, 0, 0, 0], [1, 1, 1, 1]] [0, 1]

# padding_side="left" puts the padding first, so every row ends with a real token (what
# a decoder-only model generating from the last position needs).
seqs = [torch.tensor([5, 2, 9]), torch.tensor([7, 1])]
print(pad_sequence(seqs, batch_first=True, padding_side="left").tolist())
# > [[5, 2, 9], [0, 7, 1]]
