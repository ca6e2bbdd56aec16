import torch
from torch import nn

torch.manual_seed(0)
n, d, dh = 8, 16, 8
x = torch.randn(n, d)
wq, wk = torch.randn(d, dh), torch.randn(d, dh)

# tied Q = K: the scores X W (X W)^T are symmetric, and i -> j scores like j -> i
s_tied = (x @ wq) @ (x @ wq).T
s_sep = (x @ wq) @ (x @ wk).T
print("symmetric:", torch.allclose(s_tied, s_tied.T), torch.allclose(s_sep, s_sep.T))
# > symmetric: True False
# a Gram matrix: s_ij <= max(s_ii, s_jj), so the token with the largest self-score
# always ranks itself first. Over 1000 random tied and untied projections:
hits = {"tied": 0, "separate": 0}
for _ in range(1000):
    xs, w1, w2 = torch.randn(n, d), torch.randn(d, dh), torch.randn(d, dh)
    for name, wkey in (("tied", w1), ("separate", w2)):
        s = (xs @ w1) @ (xs @ wkey).T
        top = s.diagonal().argmax()
        hits[name] += int(s[top].argmax() == top)
print(hits)
# > {'tied': 1000, 'separate': 506}
# so tied scores cannot express "every token attends to another": a cyclic shift
pos = torch.eye(n)  # one-hot positions as inputs
shift = torch.eye(n).roll(1, dims=1)  # W_K maps position j to the one-hot of j + 1
print("separate W_Q = I, W_K = shift:", (pos @ (pos @ shift).T).argmax(-1).tolist())
# > separate W_Q = I, W_K = shift: [7, 0, 1, 2, 3, 4, 5, 6]

# attention vs a fully connected layer over positions
mix = nn.Linear(n, n, bias=False)  # a fixed n x n mixing of the positions
attn = nn.MultiheadAttention(d, 2, batch_first=True)
a, b = torch.randn(1, n, d), torch.randn(1, n, d)
_, wa = attn(a, a, a)
_, wb = attn(b, b, b)
print("attention weights depend on the input:", not torch.allclose(wa, wb))
# > attention weights depend on the input: True
perm = torch.randperm(n)
out, _ = attn(a, a, a)
out_p, _ = attn(a[:, perm], a[:, perm], a[:, perm])
fc = mix(a.transpose(1, 2)).transpose(1, 2)
fc_p = mix(a[:, perm].transpose(1, 2)).transpose(1, 2)
print(
    "permutation equivariant:",
    torch.allclose(out_p, out[:, perm], atol=1e-6),
    torch.allclose(fc_p, fc[:, perm], atol=1e-6),
)
# > permutation equivariant: True False
longer = torch.randn(1, n + 3, d)
print("11 tokens, attention:", tuple(attn(longer, longer, longer)[0].shape))
# > 11 tokens, attention: (1, 11, 16)
try:
    mix(longer.transpose(1, 2))
except RuntimeError as e:
    print("11 tokens, fully connected:", str(e).split(" (")[0])
    # > 11 tokens, fully connected: mat1 and mat2 shapes cannot be multiplied
