import torch
from torch import nn

torch.manual_seed(0)
E, H, F = 32, 4, 64


def count(m):
    return sum(p.numel() for p in m.parameters())


def enc_layer():
    return nn.TransformerEncoderLayer(E, H, F, dropout=0.0, batch_first=True)


# encoder-only (BERT) and decoder-only (GPT) are the same stack of self-attention
# layers; decoder-only adds the causal mask. Encoder-decoder (T5) adds cross-attention
stack = nn.TransformerEncoder(enc_layer(), num_layers=4, enable_nested_tensor=False)
enc_dec = nn.Transformer(E, H, 2, 2, F, dropout=0.0, batch_first=True)
print(count(stack), count(enc_dec))
# > 34176 42880
one_dec = nn.TransformerDecoderLayer(E, H, F, dropout=0.0, batch_first=True)
print(count(one_dec) - count(enc_layer()), count(one_dec.multihead_attn) + 2 * E)
# > 4288 4288

# append one token: causal outputs for the old positions do not change (a KV cache
# can keep them); bidirectional outputs all change (recompute everything)
stack.eval()
x = torch.randn(1, 6, E)
x_plus = torch.cat([x, torch.randn(1, 1, E)], 1)
with torch.no_grad():
    for name, causal in (("decoder-only", True), ("encoder-only", False)):
        m5 = nn.Transformer.generate_square_subsequent_mask(6) if causal else None
        m6 = nn.Transformer.generate_square_subsequent_mask(7) if causal else None
        before = stack(x, mask=m5, is_causal=causal)
        after = stack(x_plus, mask=m6, is_causal=causal)[:, :6]
        same = torch.allclose(before, after, atol=1e-6)
        print(f"{name}: old positions unchanged {same}")
        # > decoder-only: old positions unchanged True
        # > encoder-only: old positions unchanged False

# encoder-decoder: the source is read bidirectionally once, the target causally
src, tgt = torch.randn(1, 9, E), torch.randn(1, 4, E)
out = enc_dec(src, tgt, tgt_mask=nn.Transformer.generate_square_subsequent_mask(4))
print(out.shape)
# > torch.Size([1, 4, 32])
