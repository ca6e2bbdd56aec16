import textwrap

import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence, pad_sequence

torch.manual_seed(0)
rnn = nn.GRU(input_size=2, hidden_size=3, batch_first=True)
seqs = [torch.randn(4, 2), torch.randn(2, 2)]  # lengths 4 and 2
lengths = torch.tensor([4, 2])
padded = pad_sequence(seqs, batch_first=True)  # (2, 4, 2): zeros after each end
_, h_alone = rnn(seqs[1].unsqueeze(0))  # the truth for the short sequence

# Padded: the GRU keeps stepping through the two zero rows, so h_n is wrong
_, h_padded = rnn(padded)
print(torch.allclose(h_padded[0, 1], h_alone[0, 0]))
# > False

# Packed: each sequence stops at its length; h_n is each one's last real state
packed = pack_padded_sequence(padded, lengths, batch_first=True)
out_packed, h_packed = rnn(packed)
print(torch.allclose(h_packed[0, 1], h_alone[0, 0]), packed.batch_sizes.tolist())
# > True [2, 2, 1, 1]
out, out_lengths = pad_packed_sequence(out_packed, batch_first=True)
print(out.shape, out_lengths.tolist(), out[1, 2:].abs().sum().item())  # zeros past end
# > torch.Size([2, 4, 3]) [4, 2] 0.0

# enforce_sorted=True (the default) wants lengths in decreasing order
shuffled, shuffled_lengths = padded.flip(0), lengths.flip(0)
try:
    pack_padded_sequence(shuffled, shuffled_lengths, batch_first=True)
except RuntimeError as e:
    print(textwrap.fill(str(e), 80))
    # > `lengths` array must be sorted in decreasing order when `enforce_sorted` is
    # > True. You can pass `enforce_sorted=False` to pack_padded_sequence and/or
    # > pack_sequence to sidestep this requirement if you do not need ONNX
    # > exportability.
# enforce_sorted=False sorts inside and returns h_n in the batch's own order
packed = pack_padded_sequence(
    shuffled, shuffled_lengths, batch_first=True, enforce_sorted=False
)
_, h = rnn(packed)
print(torch.allclose(h[0, 0], h_alone[0, 0]))
# > True

# Picking out[i, length - 1] repairs a one-way RNN, not a bidirectional one: its
# backward direction starts in the padding.
bi = nn.GRU(input_size=2, hidden_size=3, batch_first=True, bidirectional=True)
out_alone, _ = bi(seqs[1].unsqueeze(0))
out_padded, _ = bi(padded)
print(
    torch.allclose(out_padded[1, :2, :3], out_alone[0, :, :3]),  # forward half
    torch.allclose(out_padded[1, :2, 3:], out_alone[0, :, 3:]),  # backward half
)
# > True False

# With num_layers=2 (an LSTM here) out[i, length - 1] is only the top layer's state:
# the padded run's h_n of layer 0 and c_n of every layer went through the padding
lstm = nn.LSTM(input_size=2, hidden_size=3, num_layers=2, batch_first=True)
out_lstm, (h_pad, c_pad) = lstm(padded)
_, (h_pk, c_pk) = lstm(pack_padded_sequence(padded, lengths, batch_first=True))
print(
    torch.allclose(out_lstm[1, 1], h_pk[-1, 1]),  # top layer, picked at length - 1
    torch.allclose(h_pad[0, 1], h_pk[0, 1]),  # layer 0's h_n
    torch.allclose(c_pad[-1, 1], c_pk[-1, 1]),  # top layer's c_n
)
# > True False False
