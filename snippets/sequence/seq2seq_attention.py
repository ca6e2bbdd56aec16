import torch
from torch import nn

torch.manual_seed(0)
N, S, E, n, a = 2, 6, 8, 16, 12  # batch, source length, embedding, state, attention
encoder = nn.GRU(E, n, batch_first=True, bidirectional=True)
h, _ = encoder(torch.randn(N, S, E))  # annotations h_j: (N, S, 2n)
y_prev = torch.randn(N, E)  # embedding of the previous target word

# Bahdanau: score the PREVIOUS decoder state s_{i-1} against every h_j with an MLP
W = nn.Linear(n, a, bias=False)
U = nn.Linear(2 * n, a, bias=False)
v = nn.Linear(a, 1, bias=False)
cell_b = nn.GRUCell(E + 2 * n, n)
s_prev = torch.randn(N, n)
Uh = U(h)  # independent of the decoder step: computed once per source sentence
e = v(torch.tanh(W(s_prev)[:, None] + Uh)).squeeze(-1)  # (N, S)
alpha = torch.softmax(e, dim=-1)
c = (alpha[..., None] * h).sum(1)  # context (N, 2n)
s_i = cell_b(torch.cat([y_prev, c], -1), s_prev)  # the context enters the recurrence
print(
    tuple(e.shape),
    tuple(c.shape),
    tuple(s_i.shape),
    torch.allclose(alpha.sum(-1), torch.ones(N)),
)
# > (2, 6) (2, 32) (2, 16) True

# Luong: step the decoder first, then score its CURRENT state h_t
cell_l = nn.GRUCell(E, 2 * n)  # here the decoder state has the annotations' size
W_a = nn.Linear(2 * n, 2 * n, bias=False)
W_c = nn.Linear(4 * n, 2 * n, bias=False)
h_t = cell_l(y_prev, torch.randn(N, 2 * n))
dot = torch.einsum("nd,nsd->ns", h_t, h)  # h_t . h_s, no parameters
general = torch.einsum("nd,nsd->ns", h_t, W_a(h))  # h_t^T W_a h_s
c_t = (torch.softmax(general, -1)[..., None] * h).sum(1)
h_tilde = torch.tanh(W_c(torch.cat([c_t, h_t], -1)))  # what predicts the word
print(tuple(dot.shape), tuple(general.shape), tuple(h_tilde.shape))
# > (2, 6) (2, 6) (2, 32)
with torch.no_grad():
    W_a.weight.copy_(torch.eye(2 * n))
print(torch.allclose(torch.einsum("nd,nsd->ns", h_t, W_a(h)), dot))
# > True

# Where the context goes: Bahdanau's state s_i reads it, Luong's h_t does not
g_b = torch.autograd.grad(s_i.sum(), h, retain_graph=True)[0]
g_l = torch.autograd.grad(h_t.sum(), h, allow_unused=True)[0]
print(bool(g_b.abs().sum() > 0), g_l)
# > True None

# dot needs equal sizes: a 16-wide state against 32-wide annotations fails
try:
    torch.einsum("nd,nsd->ns", s_prev, h)
except RuntimeError as err:
    print(str(err).split(" which ")[0])
    # > einsum(): subscript d has size 32 for operand 1


def count(*mods):
    return sum(p.numel() for m in mods for p in m.parameters())


with torch.device("meta"):  # the paper sizes: n = n' = 1000, annotations 2n = 2000
    additive = count(
        nn.Linear(1000, 1000, False),
        nn.Linear(2000, 1000, False),
        nn.Linear(1000, 1, False),
    )
    general = count(nn.Linear(1000, 1000, False))  # 1000-wide states on both sides
print(f"additive {additive:,}, general {general:,}, dot 0")
# > additive 3,001,000, general 1,000,000, dot 0
