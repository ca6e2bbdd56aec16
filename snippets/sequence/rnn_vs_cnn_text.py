import torch
from torch import nn

torch.manual_seed(0)
L = 64
bits = torch.randint(0, 2, (1000, L)).float()
parity = bits.sum(1) % 2  # the task: is the number of ones odd?

# A CNN: 3 layers of kernel 3, dilations 1, 2, 4; read at the last position
cnn = nn.Sequential(
    nn.Conv1d(1, 16, 3, dilation=1),
    nn.ReLU(),
    nn.Conv1d(16, 16, 3, dilation=2),
    nn.ReLU(),
    nn.Conv1d(16, 1, 3, dilation=4),
)
x = bits[:1, None].clone().requires_grad_()  # (1, 1, L)
cnn(x)[0, 0, -1].backward()
print("receptive field", int((x.grad[0, 0] != 0).sum()))  # 1 + 2 * (1 + 2 + 4)
# > receptive field 15
# Flip bit 0: the parity changes, the CNN's output cannot (any weights)
flipped = bits[:1].clone()
flipped[0, 0] = 1 - flipped[0, 0]
with torch.no_grad():
    same = torch.equal(cnn(bits[:1, None])[..., -1], cnn(flipped[:, None])[..., -1])
print(parity[0].item(), (flipped.sum() % 2).item(), same)
# > 0.0 1.0 True

# An RNN with a 2-unit ReLU state computes parity exactly, set by hand:
# a_t = relu(p + x_t), b_t = relu(p + x_t - 1) and p = a_t - 2 b_t = p XOR x_t
rnn = nn.RNN(1, 2, nonlinearity="relu", batch_first=True)
with torch.no_grad():
    rnn.weight_ih_l0.copy_(torch.tensor([[1.0], [1.0]]))
    rnn.weight_hh_l0.copy_(torch.tensor([[1.0, -2.0], [1.0, -2.0]]))  # reads p back
    rnn.bias_ih_l0.copy_(torch.tensor([0.0, -1.0]))
    rnn.bias_hh_l0.zero_()
readout = torch.tensor([1.0, -2.0])


def rnn_parity(b):
    with torch.no_grad():
        return rnn(b[..., None])[1][0] @ readout  # from the last state h_n


print((rnn_parity(bits) == parity).float().mean().item())
# > 1.0
long = torch.randint(0, 2, (100, 1000)).float()  # same weights, 1,000 steps
print((rnn_parity(long) == long.sum(1) % 2).float().mean().item())
# > 1.0

# Dilations 1, 2, ..., 32 reach 127 positions: enough for 64 steps, not for 1,000
deep = nn.Sequential(*[nn.Conv1d(1, 1, 3, dilation=2**i) for i in range(6)])
x = torch.randn(1, 1, 300, requires_grad=True)
deep(x)[0, 0, -1].backward()
print("receptive field", int((x.grad != 0).sum()))
# > receptive field 127
