import torch
from torch import nn
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)
# 1. fixed width E = 64, 96 tokens: more heads, narrower heads
E, L = 64, 96
x = torch.randn(1, L, E)
for h in (1, 4, 16):
    mha = nn.MultiheadAttention(E, h, batch_first=True)
    params = sum(p.numel() for p in mha.parameters())
    with FlopCounterMode(display=False) as flops:
        _, w = mha(x, x, x, average_attn_weights=False)  # w: (1, h, L, L)
    wq, wk, _ = mha.in_proj_weight.chunk(3)
    d = E // h  # head 0's query and key: (L, d), so its L x L scores have rank <= d
    q0, k0 = x[0] @ wq[:d].T, x[0] @ wk[:d].T
    rank = torch.linalg.matrix_rank(q0 @ k0.T).item()
    print(
        f"{h:2d} heads: head_dim {d:2d}, params {params}, "
        f"FLOPs {flops.get_total_flops()}, score entries {w.numel()}, rank {rank}"
    )
    # >  1 heads: head_dim 64, params 16640, FLOPs 5505024, score entries 9216, rank 64
    # >  4 heads: head_dim 16, params 16640, FLOPs 5505024, score entries 36864, rank 16
    # > 16 heads: head_dim  4, params 16640, FLOPs 5505024, score entries 147456, rank 4

# 2. what heads do: a two-layer induction circuit, built by hand
V, T = 10, 12  # vocabulary, sequence length
seq = torch.randperm(V)[:6].repeat(2)  # 6 random tokens, then the same 6 again
tok, pos = torch.eye(V)[seq], torch.eye(T)  # one-hot token and position features
causal = torch.ones(T, T).tril().bool()


def head(q, k, v, scale=20.0):
    scores = (q @ k.T * scale).masked_fill(~causal, float("-inf"))
    weights = scores.softmax(-1)
    return weights, weights @ v


# layer 1, a previous-token head: the query of position p matches the key of p - 1
# (the key of position j is the one-hot of j + 1) and copies that position's token
w1, prev_tok = head(pos, pos @ torch.eye(T).roll(1, dims=1), tok)
prev_tok[0] = 0.0  # position 0 has no previous token
# layer 2, an induction head: query = the current token, key = the previous token
# that layer 1 wrote, so it attends to the position after the token's last occurrence
w2, out = head(tok, prev_tok, tok)
print(seq.tolist())
# > [4, 7, 3, 2, 0, 5, 4, 7, 3, 2, 0, 5]
print(w1.argmax(-1).tolist())  # the key each query attends to most
# > [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
print(w2[6:].argmax(-1).tolist(), w2[6:].max(-1).values.min().item())
# > [1, 2, 3, 4, 5, 6] 1.0
pred = out.argmax(-1)  # the token it copies is its guess for the next token
print((pred[6:11] == seq[7:]).float().mean().item())  # second half: predictable
# > 1.0
# ablate the previous-token head: the induction head has nothing to match
_, out = head(tok, torch.zeros(T, V), tok)
print((out.argmax(-1)[6:11] == seq[7:]).float().mean().item())
# > 0.0
