import torch
from torch import nn

torch.manual_seed(0)
L, E = 6, 8
attn = nn.MultiheadAttention(E, num_heads=1, batch_first=True)
x = torch.randn(1, L, E)

# "self": queries, keys and values are three projections of the same sequence x
W_q, W_k, W_v = attn.in_proj_weight.chunk(3)
b_q, b_k, b_v = attn.in_proj_bias.chunk(3)
q, k, v = x @ W_q.T + b_q, x @ W_k.T + b_k, x @ W_v.T + b_v
w = torch.softmax(q @ k.transpose(1, 2) / E**0.5, dim=-1)
by_hand = attn.out_proj(w @ v)
out, weights = attn(x, x, x)
print(torch.allclose(out, by_hand, atol=1e-6), tuple(weights.shape))  # L x L
# > True (1, 6, 6)

# without positions it is permutation-equivariant: permuted in, permuted out
perm = torch.randperm(L)
a = attn(x[:, perm], x[:, perm], x[:, perm])[0]
print(torch.allclose(a, out[:, perm], atol=1e-6), torch.equal(a, out[:, perm]))
# > True False
# up to rounding: the sums over keys run in another order
# a causal mask breaks the symmetry: permuted in, no longer permuted out
causal = nn.Transformer.generate_square_subsequent_mask(L)
c = attn(x, x, x, attn_mask=causal)[0]
cp = attn(x[:, perm], x[:, perm], x[:, perm], attn_mask=causal)[0]
print(torch.allclose(cp, c[:, perm], atol=1e-6))
# > False

# any-to-any in one layer: output 0 depends on every input position ...
x.requires_grad_(True)
(attn(x, x, x)[0][0, 0].sum()).backward()
print((x.grad[0].abs().sum(-1) > 0).tolist())
# > [True, True, True, True, True, True]
# ... where a convolution of kernel 3 reaches only its neighbours
conv = nn.Conv1d(E, E, 3, padding=1)
x.grad = None
conv(x.transpose(1, 2))[0, :, 0].sum().backward()
print((x.grad[0].abs().sum(-1) > 0).tolist())
# > [True, True, False, False, False, False]
