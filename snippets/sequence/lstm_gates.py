import torch
from torch import nn

torch.manual_seed(0)
IN, H = 10, 20
lstm = nn.LSTM(IN, H, batch_first=True)
for name, p in lstm.named_parameters():
    print(name, tuple(p.shape))
    # > weight_ih_l0 (80, 10)
    # > weight_hh_l0 (80, 20)
    # > bias_ih_l0 (80,)
    # > bias_hh_l0 (80,)
by_hand = 4 * (H * IN + H * H + H + H)  # four gates, each a Linear on x and one on h
print(by_hand, sum(p.numel() for p in lstm.parameters()))
# > 2560 2560

# One step by hand, the rows of the stacked weights cut in the order i, f, g, o
x = torch.randn(3, 1, IN)
h0, c0 = torch.randn(1, 3, H), torch.randn(1, 3, H)
out, (h1, c1) = lstm(x, (h0, c0))
z = x[:, 0] @ lstm.weight_ih_l0.T + lstm.bias_ih_l0 + h0[0] @ lstm.weight_hh_l0.T
i, f, g, o = (z + lstm.bias_hh_l0).chunk(4, dim=1)
c = torch.sigmoid(f) * c0[0] + torch.sigmoid(i) * torch.tanh(g)
h = torch.sigmoid(o) * torch.tanh(c)
print(torch.allclose(c, c1[0], atol=1e-6), torch.allclose(h, h1[0], atol=1e-6))
# > True True
i, f, o, g = (z + lstm.bias_hh_l0).chunk(4, dim=1)  # a wrong order: i, f, o, g
c_wrong = torch.sigmoid(f) * c0[0] + torch.sigmoid(i) * torch.tanh(g)
print(torch.allclose(c_wrong, c1[0], atol=1e-6))
# > False

# What the gates do: forget open (f=1) and input shut (i=0) keep the cell state as is
with torch.no_grad():
    lstm.bias_ih_l0[:H] = -100.0  # i -> sigmoid(-100) = 0
    lstm.bias_ih_l0[H : 2 * H] = 100.0  # f -> 1
_, (_, c5) = lstm(torch.randn(3, 5, IN), (h0, c0))
print(torch.allclose(c5, c0))
# > True
