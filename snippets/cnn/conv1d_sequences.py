import torch
from torch import nn

torch.manual_seed(0)
vocab, emb_dim, seq_len = 1000, 300, 50
tokens = torch.randint(0, vocab, (8, seq_len))  # (N, L)
emb = nn.Embedding(vocab, emb_dim)(tokens)  # (N, L, E): one vector per token
conv = nn.Conv1d(
    in_channels=emb_dim, out_channels=100, kernel_size=3
)  # a 3-gram filter
try:
    conv(emb)  # Conv1d reads (N, C, L): the embedding dim must be the channel dim
except RuntimeError as e:
    print(str(e).replace(", expected", ",\n  expected"))
    # > Given groups=1, weight of size [100, 300, 3],
    # >   expected input[8, 50, 300] to have 300 channels, but got 50 channels instead
# With L == E the same mistake raises nothing: it slides along the embedding axis
square = nn.Embedding(vocab, emb_dim)(torch.randint(0, vocab, (8, emb_dim)))
print(conv(square).shape)  # runs, and is wrong
# > torch.Size([8, 100, 298])
feats = conv(emb.transpose(1, 2))  # (N, E, L)
print(feats.shape)  # 100 filters, each slid over the 48 3-token windows
# > torch.Size([8, 100, 48])
print(feats.amax(dim=2).shape)  # max over time: one feature per filter (Kim, 2014)
# > torch.Size([8, 100])

# The kernel spans the whole embedding, so it slides along one axis only: time
print(tuple(conv.weight.shape))  # (out, E, k)
# > (100, 300, 3)

# A 1-D signal: channels are the sensors (here 3 axes of an accelerometer). Causal
# convolution pads on the left only, so output t never reads an input after t.
signal = torch.randn(1, 3, 20, requires_grad=True)
causal = nn.Sequential(
    nn.ConstantPad1d((2 * 2, 0), 0.0), nn.Conv1d(3, 8, 3, dilation=2)
)
out = causal(signal)
out[0, :, 10].sum().backward()
print(out.shape[-1], signal.grad[0].abs().sum(0).nonzero().flatten().tolist())
# > 20 [6, 8, 10]
