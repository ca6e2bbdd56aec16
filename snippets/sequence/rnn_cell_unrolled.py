import torch
from torch import nn

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
