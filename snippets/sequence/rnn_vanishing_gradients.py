import torch
from torch import nn

torch.manual_seed(0)
L, H = 50, 32
x0 = torch.randn(1, L, H)


def grad_norms(model):
    """|d loss / d x_t| at the first and the last step; loss = the last output."""
    x = x0.clone().requires_grad_()
    model(x)[0][:, -1].sum().backward()
    g = x.grad[0].norm(dim=1)
    return f"first {g[0].item():.1e}  last {g[-1].item():.1e}", g[0].item()


def rnn_with(scale):  # W_hh = scale * orthogonal: every singular value = scale
    torch.manual_seed(0)
    rnn = nn.RNN(H, H, batch_first=True)
    with torch.no_grad():
        rnn.weight_hh_l0.copy_(scale * torch.linalg.qr(torch.randn(H, H))[0])
    return rnn


for scale in (0.5, 1.0):
    print("rnn", scale, grad_norms(rnn_with(scale))[0])
    # > rnn 0.5 first 7.6e-20  last 3.2e+00
    # > rnn 1.0 first 4.9e-07  last 2.9e+00

# scale 3: the gradient explodes; its exact size differs between CPUs' kernels
print("rnn", 3.0, "first > 1e4:", grad_norms(rnn_with(3.0))[1] > 1e4)
# > rnn 3.0 first > 1e4: True

# LSTM: the cell state is carried by c_t = f_t * c_{t-1} + i_t * g_t, no matmul on it
for forget_bias in (0.0, 5.0):  # the f rows are [H:2H] (gate order i, f, g, o)
    torch.manual_seed(0)
    lstm = nn.LSTM(H, H, batch_first=True)
    with torch.no_grad():
        lstm.bias_ih_l0[H : 2 * H] += forget_bias
    print("lstm", forget_bias, grad_norms(lstm)[0])
    # > lstm 0.0 first 3.8e-12  last 6.2e-01
    # > lstm 5.0 first 6.1e-01  last 6.9e-01

# Clipping caps the exploding case: the total norm is rescaled to max_norm
rnn = rnn_with(3.0)
rnn(x0)[0][:, -1].sum().backward()
before = nn.utils.clip_grad_norm_(rnn.parameters(), max_norm=1.0)
after = torch.linalg.vector_norm(torch.stack([p.grad.norm() for p in rnn.parameters()]))
print("before > 1e5:", before.item() > 1e5, f"after {after.item():.2f}")
# > before > 1e5: True after 1.00
