import torch
from torch import nn

torch.manual_seed(0)
IN, H = 10, 20
gru, lstm = nn.GRU(IN, H, batch_first=True), nn.LSTM(IN, H, batch_first=True)


def count(m):
    return sum(p.numel() for p in m.parameters())


per_gate = H * IN + H * H + 2 * H  # W_i (H x IN), W_h (H x H), 2 biases
print(3 * per_gate, count(gru), 4 * per_gate, count(lstm))
# > 1920 1920 2560 2560

x = torch.randn(3, 6, IN)
print(type(gru(x)[1]).__name__, type(lstm(x)[1]).__name__)  # GRU: h_n; LSTM: (h_n, c_n)
# > Tensor tuple

# One GRU step by hand, gate order r, z, n; torch applies r to (W_hn h + b_hn)
h0 = torch.randn(1, 3, H)
_, h1 = gru(x[:, :1], h0)
gi = (x[:, 0] @ gru.weight_ih_l0.T + gru.bias_ih_l0).chunk(3, dim=1)
gh = (h0[0] @ gru.weight_hh_l0.T + gru.bias_hh_l0).chunk(3, dim=1)
r, z = torch.sigmoid(gi[0] + gh[0]), torch.sigmoid(gi[1] + gh[1])
n = torch.tanh(gi[2] + r * gh[2])
h = (1 - z) * n + z * h0[0]  # z near 1 keeps the old state: the update gate
print(torch.allclose(h, h1[0], atol=1e-6))
# > True

# Cho et al.'s original candidate: r applied to h BEFORE the matmul
W_hn, b_hn = gru.weight_hh_l0[2 * H :], gru.bias_hh_l0[2 * H :]
n_cho = torch.tanh(gi[2] + (r * h0[0]) @ W_hn.T + b_hn)
print(torch.allclose((1 - z) * n_cho + z * h0[0], h1[0], atol=1e-6))
# > False
