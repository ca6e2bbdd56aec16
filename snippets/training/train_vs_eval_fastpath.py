import warnings

import torch
from torch import nn

torch.manual_seed(0)
# No dropout at all: the only difference between the modes is the path taken
layer = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, batch_first=True)
encoder = nn.TransformerEncoder(layer, 2)  # enable_nested_tensor=True is the default
x = torch.randn(2, 5, 8)
pad = torch.tensor([[False] * 5, [False, False, False, True, True]])  # 2 padded tokens

with torch.no_grad(), warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    train_out = encoder.train()(x, src_key_padding_mask=pad)
    eval_out = encoder.eval()(x, src_key_padding_mask=pad)  # the fast path
# eval + no_grad + a padding mask: a nested tensor drops the padded tokens, and the
# output is padded back with zeros; train mode computes them
print(train_out[1, 3:].abs().sum().item() > 0, eval_out[1, 3:].abs().sum().item())
# > True 0.0
print(torch.allclose(train_out[~pad], eval_out[~pad], atol=1e-5))  # real tokens agree
# > True
# the warning that says the nested tensor path ran
print(caught[0].message.args[0][:45])
# > The PyTorch API of nested tensors is in proto

# With autograd recording, eval mode takes the ordinary path: padded tokens computed
print(encoder.eval()(x, src_key_padding_mask=pad)[1, 3:].abs().sum().item() > 0)
# > True
