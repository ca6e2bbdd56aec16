import torch
import torch.nn.functional as F

torch.manual_seed(0)
d, N, lr = 4, 256, 1.0  # input size, examples in the prompt, step size


def linear_attention(tokens):
    """One linear self-attention head with fixed weights, read at the last token.

    A token is (x, y); the query token is (x_query, 0). W_Q and W_K pick out x, W_V
    picks out y: the output is sum_i (q . k_i) v_i / N over the context tokens.
    """
    x, y = tokens[:, :d], tokens[:, d]
    q, k, v = x[-1], x[:-1], y[:-1]
    return lr * (k @ q) @ v / N


def prompt(w, mix=None):
    x = torch.randn(N + 1, d)
    if mix is not None:
        x = x @ mix  # correlated features
    y = x @ w
    y[-1] = 0.0  # the query's label is what we ask for
    return torch.cat([x, y[:, None]], dim=1)


def implied_weights(tokens):
    # the output is linear in the query: read off its weights one basis vector at a time
    rows = []
    for e in torch.eye(d):
        t = tokens.clone()
        t[-1, :d] = e
        rows.append(linear_attention(t))
    return torch.stack(rows)


w1, w2 = torch.randn(d), torch.randn(d)  # two tasks: y = x . w1 or y = x . w2
for name, w in (("task 1", w1), ("task 2", w2)):
    w_attn = implied_weights(prompt(w))
    print(
        f"{name} prompt: cosine with w1 {F.cosine_similarity(w_attn, w1, 0):.2f},"
        f" with w2 {F.cosine_similarity(w_attn, w2, 0):.2f}"
    )
    # > task 1 prompt: cosine with w1 0.98, with w2 -0.32
    # > task 2 prompt: cosine with w1 -0.26, with w2 0.98

# one step from 0 is (lr/N) X^T y = lr * Sigma_hat w: it points along w only when the
# prompt's x are isotropic; least squares on the same prompt recovers w exactly
mix = torch.eye(d) + 2.0 * torch.ones(d, d)  # every pair of features correlated
tokens = prompt(w1, mix)
xs, ys = tokens[:-1, :d], tokens[:-1, d]
w_ls = torch.linalg.lstsq(xs, ys[:, None]).solution[:, 0]
print(
    f"correlated x: head {F.cosine_similarity(implied_weights(tokens), w1, 0):.2f},"
    f" least squares {F.cosine_similarity(w_ls, w1, 0):.2f}"
)
# > correlated x: head 0.29, least squares 1.00
