import torch
from torch import nn

torch.manual_seed(0)
N, S, T, E = 2, 7, 3, 16  # batch, source (encoder) length, target length, width
memory = torch.randn(N, S, E)  # encoder output
tgt = torch.randn(N, T, E)  # decoder states
cross = nn.MultiheadAttention(E, num_heads=4, batch_first=True)
out, w = cross(query=tgt, key=memory, value=memory)
print(out.shape, w.shape)  # output follows the queries; weights are (N, T, S)
# > torch.Size([2, 3, 16]) torch.Size([2, 3, 7])

# an encoder of another width: kdim / vdim project it to E
cross_k = nn.MultiheadAttention(E, 4, kdim=24, vdim=24, batch_first=True)
out2, _ = cross_k(tgt, torch.randn(N, S, 24), torch.randn(N, S, 24))
print(out2.shape)
# > torch.Size([2, 3, 16])

# no causal mask here: every target position sees every source position,
# and only the source's padding is masked (True = ignore, in MHA)
pad = torch.tensor([[False] * 5 + [True] * 2, [False] * 7])
_, w = cross(tgt, memory, memory, key_padding_mask=pad)
print(w[0, :, 5:].abs().max().item(), bool((w[1] > 0).all()))
# > 0.0 True

# in nn.TransformerDecoderLayer the second attention is this cross-attention
dec = nn.TransformerDecoderLayer(E, nhead=4, batch_first=True)
print(
    [name for name, m in dec.named_children() if isinstance(m, nn.MultiheadAttention)]
)
# > ['self_attn', 'multihead_attn']

# the target's causal mask or padding mask in the source's place: a shape error
# when T != S (and silently accepted when T == S)
wrong = {
    "attn_mask": nn.Transformer.generate_square_subsequent_mask(T),
    "key_padding_mask": torch.zeros(N, T, dtype=torch.bool),
}
for name, mask in wrong.items():
    try:
        cross(tgt, memory, memory, **{name: mask})
    except (RuntimeError, AssertionError) as e:
        print(type(e).__name__)
        # > RuntimeError
        # > AssertionError
        print(e)
        # > The shape of the 2D attn_mask is torch.Size([3, 3]), but should be (3, 7).
        # > Expected key_padded_mask.shape[1] to be 7, but got 3
