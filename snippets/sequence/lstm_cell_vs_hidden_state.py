import warnings

import torch
from torch import nn

torch.manual_seed(0)
lstm = nn.LSTM(input_size=4, hidden_size=8, num_layers=2, batch_first=True)
with torch.no_grad():  # open the forget gate and the input gate wide (order i, f, g, o)
    lstm.bias_ih_l0[:16] = 5.0
x = torch.randn(3, 50, 4) * 3  # batch 3, 50 steps
output, (h_n, c_n) = lstm(x)
print(output.shape, h_n.shape, c_n.shape)  # output: h of the last layer at every step
# > torch.Size([3, 50, 8]) torch.Size([2, 3, 8]) torch.Size([2, 3, 8])
print(torch.equal(output[:, -1], h_n[-1]))  # the last step's h, not c
# > True
# h = o * tanh(c): bounded by 1; c adds up i * g over the steps, and is not
print(round(h_n.abs().max().item(), 3), round(c_n[0].abs().max().item(), 2))
# > 0.904 25.95
print(bool((h_n.abs() <= c_n.tanh().abs()).all()))  # o in (0, 1) only shrinks tanh(c)
# > True

# proj_size: h is projected to a smaller size, c keeps hidden_size
proj = nn.LSTM(input_size=4, hidden_size=8, proj_size=3, batch_first=True)


def warnings_of(model, inp):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = model(inp)
    return result, [str(w.message).split(". ")[0] for w in caught]


_, caught = warnings_of(proj.double(), x.double())  # float64: not for oneDNN
print(len(caught))
# > 0
(output, (h_n, c_n)), caught = warnings_of(proj.float(), x)  # float32: a slower path
print(*caught)
# > LSTM with projections is not supported with oneDNN
print(len(warnings_of(proj, x)[1]))  # TORCH_WARN_ONCE: once per process
# > 0
print(output.shape, h_n.shape, c_n.shape)
# > torch.Size([3, 50, 3]) torch.Size([1, 3, 3]) torch.Size([1, 3, 8])
print(tuple(proj.weight_hr_l0.shape), tuple(proj.weight_hh_l0.shape))
# > (3, 8) (32, 3)
with torch.no_grad():  # h = W_hr (o * tanh(c)): bounded by W_hr, not by 1
    proj.weight_hr_l0.mul_(10)
print(proj(x)[0].abs().max().item() > 1)
# > True
try:  # resuming with h alone: the tensor is unpacked as if it were the pair (h, c)
    lstm(x, torch.zeros(2, 3, 8))
except RuntimeError as e:
    print(str(e).split(" but")[0])
# > For batched 3-D input, hx and cx should also be 3-D
try:  # with one layer the (1, N, H) tensor fails earlier, taking hx[1]
    nn.LSTM(4, 8, batch_first=True)(x, torch.zeros(1, 3, 8))
except IndexError as e:
    print(type(e).__name__, e)
    # > IndexError index 1 is out of bounds for dimension 0 with size 1
