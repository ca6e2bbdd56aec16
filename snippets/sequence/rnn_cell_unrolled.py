import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

torch.manual_seed(0)
N, L, IN, H = 2, 5, 3, 4  # batch, steps, input features, hidden size
rnn = nn.RNN(IN, H, batch_first=True)
x = torch.randn(N, L, IN)
out, h_n = rnn(x)
print(tuple(out.shape), tuple(h_n.shape))  # h_n is (layers, N, H) even with batch_first
# > (2, 5, 4) (1, 2, 4)

# The same recurrence as a loop: one tanh of two affine maps per step
W_ih, W_hh = rnn.weight_ih_l0, rnn.weight_hh_l0
b_ih, b_hh = rnn.bias_ih_l0, rnn.bias_hh_l0
h = torch.zeros(N, H)  # h_0 defaults to zeros
steps = []
for t in range(L):
    h = torch.tanh(x[:, t] @ W_ih.T + b_ih + h @ W_hh.T + b_hh)
    steps.append(h)
mine = torch.stack(steps, dim=1)
print(torch.allclose(mine, out, atol=1e-6), torch.allclose(h, h_n[0], atol=1e-6))
# > True True

# Two layers: output is the top layer at every step, h_n every layer's last step
rnn2 = nn.RNN(IN, H, num_layers=2, batch_first=True)
out2, h_n2 = rnn2(x)
print(tuple(out2.shape), tuple(h_n2.shape))
# > (2, 5, 4) (2, 2, 4)
print(torch.equal(out2[:, -1], h_n2[-1]), torch.equal(out2[:, -1], h_n2[0]))
# > True False

# Padding at the end: unpacked, output[:, -1] is still h_n[-1] (after the pads);
# packed, h_n holds each sequence's last real step and the output is 0 at the pads
x[1, 3:] = 0  # sequence 1 has 3 real steps, then 2 steps of padding
out, h_n = rnn(x)
print("unpacked:", torch.equal(out[:, -1], h_n[-1]))
# > unpacked: True
packed = pack_padded_sequence(x, torch.tensor([5, 3]), batch_first=True)
out_p, h_p = rnn(packed)
out_p, _ = pad_packed_sequence(out_p, batch_first=True)
print("packed:", torch.equal(out_p[:, -1], h_p[-1]), out_p[1, -1].abs().sum().item())
# > packed: False 0.0
print("h_n is the last real step:", torch.allclose(h_p[-1][1], out_p[1, 2]))
# > h_n is the last real step: True
