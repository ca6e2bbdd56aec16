import torch
from torch import nn

torch.manual_seed(0)
d = 512
layer = nn.TransformerEncoderLayer(d, nhead=8, dim_feedforward=4 * d, dropout=0.0)


def count(*modules):
    return sum(p.numel() for m in modules for p in m.parameters())


attn = count(layer.self_attn)  # 4 d^2 + 4 d: W_q, W_k, W_v, W_o and biases
ffn = count(layer.linear1, layer.linear2)  # 2 * 4 d^2 + 4 d + d
norms = count(layer.norm1, layer.norm2)
total = count(layer)
print(attn, ffn, norms, total)
# > 1050624 2099712 2048 3152384
print(attn == 4 * d * d + 4 * d, ffn == 8 * d * d + 5 * d)
# > True True
print(f"FFN share of the layer {ffn / total:.3f}")
# > FFN share of the layer 0.666


def ffn_fn(h):  # linear2(relu(linear1(h))), the layer's feed-forward sublayer
    return layer.linear2(layer.activation(layer.linear1(h)))


# the FFN is applied to each token alone: changing token 3 changes no other row
x = torch.randn(6, d)
y = x.clone()
y[3] += 1.0
changed = (ffn_fn(x) - ffn_fn(y)).abs().amax(-1) > 0
print(changed.tolist())
# > [False, False, False, True, False, False]
# attention mixes tokens: the same change moves every row
with torch.no_grad():
    a = layer.self_attn(x, x, x, need_weights=False)[0]
    b = layer.self_attn(y, y, y, need_weights=False)[0]
print(((a - b).abs().amax(-1) > 0).tolist())
# > [True, True, True, True, True, True]
