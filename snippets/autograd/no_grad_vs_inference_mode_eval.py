import warnings

import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(2, 5, 8)  # (batch, sequence, features)

# More built-in layers that read self.training: their output changes with eval()
rnn = nn.RNN(8, 8, num_layers=2, dropout=0.5, batch_first=True)
attention = nn.MultiheadAttention(8, 2, dropout=0.5, batch_first=True)
layers = {
    "RNN(dropout=0.5)": (rnn, lambda m: m(x)[0]),
    "MultiheadAttention(dropout=0.5)": (attention, lambda m: m(x, x, x)[0]),
    "RReLU()": (nn.RReLU(), lambda m: m(x)),
    # BatchNorm and InstanceNorm switch to running statistics only if they track them
    "BatchNorm1d(5)": (nn.BatchNorm1d(5), lambda m: m(x)),
    "BatchNorm1d(5, track_running_stats=False)": (
        nn.BatchNorm1d(5, track_running_stats=False),
        lambda m: m(x),
    ),
    "InstanceNorm1d(5, track_running_stats=True)": (
        nn.InstanceNorm1d(5, track_running_stats=True),
        lambda m: m(x),
    ),
    "InstanceNorm1d(5)": (nn.InstanceNorm1d(5), lambda m: m(x)),
}
with torch.no_grad():
    for name, (layer, run) in layers.items():
        same = torch.equal(run(layer.train()), run(layer.eval()))
        print(name, "train == eval:", same)
        # > RNN(dropout=0.5) train == eval: False
        # > MultiheadAttention(dropout=0.5) train == eval: False
        # > RReLU() train == eval: False
        # > BatchNorm1d(5) train == eval: False
        # > BatchNorm1d(5, track_running_stats=False) train == eval: True
        # > InstanceNorm1d(5, track_running_stats=True) train == eval: False
        # > InstanceNorm1d(5) train == eval: True

# eval() and no_grad() together switch TransformerEncoder to its fast path: with a
# padding mask it runs on nested tensors (enable_nested_tensor=True, the default, and a
# layer that allows it: batch_first=True here) and returns 0 at the padded positions
layer = nn.TransformerEncoderLayer(8, 2, dim_feedforward=16, batch_first=True)
encoder = nn.TransformerEncoder(layer, num_layers=2).eval()
pad = torch.tensor([[False] * 5, [False, False, False, True, True]])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with torch.no_grad():
        fast = encoder(x, src_key_padding_mask=pad)
print(str(caught[0].message).split(" and")[0])
# > The PyTorch API of nested tensors is in prototype stage
regular = encoder(x, src_key_padding_mask=pad).detach()  # grad on: the regular path
print("padded, no_grad:", fast[1, 3:].abs().sum().item())
# > padded, no_grad: 0.0
print("padded, grad on:", round(regular[1, 3:].abs().sum().item(), 2))
# > padded, grad on: 11.77
print("real positions close:", torch.allclose(fast[~pad], regular[~pad], atol=1e-5))
# > real positions close: True
# without nested tensors the same weights keep computed values at the padded positions
dense = nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False).eval()
with torch.no_grad():
    padded = dense(x, src_key_padding_mask=pad)[1, 3:]
print("padded, enable_nested_tensor=False:", round(padded.abs().sum().item(), 2))
# > padded, enable_nested_tensor=False: 11.77
# nor with the layer's own default, batch_first=False: the encoder warns and turns
# nested tensors off, and the padded positions keep computed values
seq_first = nn.TransformerEncoderLayer(8, 2, dim_feedforward=16)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    default = nn.TransformerEncoder(seq_first, num_layers=2).eval()
print(str(caught[0].message).split("because ")[1].split("(")[0])
# > encoder_layer.self_attn.batch_first was not True
with torch.no_grad():
    padded = default(x.transpose(0, 1), src_key_padding_mask=pad)[3:, 1]
print("padded, batch_first=False:", round(padded.abs().sum().item(), 2))
# > padded, batch_first=False: 12.62
