import torch
from torch import nn

torch.manual_seed(0)
N, L, D = 2, 16, 8
x = torch.randn(N, L, D)

# Recurrence: step t needs h_{t-1}, so the L steps run one after the other
cell = nn.RNNCell(D, D)
h, steps = torch.zeros(N, D), []
for t in range(L):
    h = cell(x[:, t], h)
    steps.append(h)
rnn_out = torch.stack(steps, dim=1)
# All L steps in one batched call would need every h_{t-1} before it exists:
# started from zeros instead, only step 0 comes out right
at_once = cell(x.reshape(N * L, D), torch.zeros(N * L, D)).view(N, L, D)
print(torch.allclose(at_once[:, 0], rnn_out[:, 0]), torch.allclose(at_once, rnn_out))
# > True False

# Self-attention: every position's output from one batched matmul chain
q, k, v = nn.Linear(D, D)(x), nn.Linear(D, D)(x), nn.Linear(D, D)(x)
att = torch.softmax(q @ k.transpose(1, 2) / D**0.5, dim=-1) @ v  # all L rows at once
loop = torch.stack(
    [
        torch.softmax(q[:, t : t + 1] @ k.transpose(1, 2) / D**0.5, -1) @ v
        for t in range(L)
    ]
)
print(torch.allclose(att, loop.squeeze(2).transpose(0, 1), atol=1e-6))
# > True

# Path length: the last output depends on the first input through 1 layer of attention,
# through L - 1 applications of W_hh in the RNN (its gradient shrinks with each)
x = x.clone().requires_grad_()
q, k, v = x, x, x
out = torch.softmax(q @ k.transpose(1, 2) / D**0.5, dim=-1) @ v
g_att = torch.autograd.grad(out[:, -1].sum(), x)[0][:, 0].norm()
h = torch.zeros(N, D)
for t in range(L):
    h = cell(x[:, t], h)
g_rnn = torch.autograd.grad(h.sum(), x)[0][:, 0].norm()
print(f"d out_last / d x_0: attention {g_att:.1e}, rnn {g_rnn:.1e}")
# > d out_last / d x_0: attention 1.9e-01, rnn 1.3e-05
