import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
keep = torch.tensor([[True, True, True, False]])  # 3 tokens, then 1 pad: True = real

# F.scaled_dot_product_attention: True = "takes part"
q, k, v = torch.randn(3, 1, 1, 4, 8).unbind(0)  # (batch, heads, L, head dim)
out = F.scaled_dot_product_attention(q, k, v, attn_mask=keep[:, None, None, :])
print(
    torch.allclose(out, F.scaled_dot_product_attention(q, k[..., :3, :], v[..., :3, :]))
)
# > True

# nn.MultiheadAttention: True = "masked out", so the same tensor keeps only the pad
mha = nn.MultiheadAttention(8, 1, batch_first=True)
x = torch.randn(1, 4, 8)
wrong, _ = mha(x, x, x, key_padding_mask=keep)
print(torch.allclose(wrong, mha(x, x[:, 3:], x[:, 3:])[0]))  # attends to the pad only
# > True
# a sample without padding: the same mistake masks every key, and its output is NaN
print(mha(x, x, x, key_padding_mask=torch.ones_like(keep))[0].isnan().all().item())
# > True
right, _ = mha(x, x, x, key_padding_mask=~keep)
print(torch.allclose(right, mha(x, x[:, :3], x[:, :3])[0], atol=1e-6))
# > True

# a float mask is added to the scores in both APIs: 0 keeps, -inf drops
additive = torch.zeros(1, 4).masked_fill(~keep, float("-inf"))
print(torch.allclose(mha(x, x, x, key_padding_mask=additive)[0], right, atol=1e-6))
# > True
