import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(64, 32)


def input_grad_norms(activation, init_std=None, depth=20):
    """Gradient norm reaching the input of the first and of the last layer."""
    torch.manual_seed(0)
    h = x.clone().requires_grad_()
    inputs = []
    for _ in range(depth):
        linear = nn.Linear(32, 32)
        if init_std is not None:
            nn.init.normal_(linear.weight, std=init_std)
        h.retain_grad()
        inputs.append(h)
        h = activation(linear(h))
    h.sum().backward()  # the same gradient of 1 arrives at every model's output
    return inputs[0].grad.norm().item(), inputs[-1].grad.norm().item()


first, last = input_grad_norms(torch.sigmoid)  # sigmoid' <= 0.25 at every layer
print(f"sigmoid:        layer 1 {first:.1e}, layer 20 {last:.1e}")
# > sigmoid:        layer 1 3.1e-16, layer 20 7.2e+00
# Kaiming (He) init for ReLU: std = sqrt(2 / fan_in)
first, last = input_grad_norms(torch.relu, init_std=(2 / 32) ** 0.5)
print(f"relu + kaiming: layer 1 {first:.1e}, layer 20 {last:.1e}")
# > relu + kaiming: layer 1 7.2e+01, layer 20 6.0e+01
# weights 2x too large: each layer doubles the gradient on its way back
first, last = input_grad_norms(torch.relu, init_std=0.5)
print(f"relu, std 0.5:  layer 1 {first:.1e}, layer 20 {last:.1e}")
# > relu, std 0.5:  layer 1 8.4e+07, layer 20 1.1e+02


def first_step_grad(cell, gate_bias=0.0):
    """The last output's gradient at the first of 50 inputs: one factor per step."""
    torch.manual_seed(0)
    rnn = cell(32, 32, batch_first=True)
    with torch.no_grad():  # rows 32:64: the LSTM's forget gate, the GRU's update gate z
        rnn.bias_ih_l0[32:64] += gate_bias
    seq = torch.randn(1, 50, 32, requires_grad=True)
    rnn(seq)[0][0, -1].sum().backward()
    return seq.grad[0, 0].norm().item()


lstm, gru = first_step_grad(nn.LSTM), first_step_grad(nn.GRU)
print(f"default init:  LSTM {lstm:.0e}, GRU {gru:.0e}")  # both gates start near 0.5
# > default init:  LSTM 2e-11, GRU 9e-11
lstm, gru = first_step_grad(nn.LSTM, 3.0), first_step_grad(nn.GRU, 3.0)
print(f"gate bias + 3: LSTM {lstm:.0e}, GRU {gru:.0e}")
# > gate bias + 3: LSTM 2e-01, GRU 1e-02
