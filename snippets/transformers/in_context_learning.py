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


def prompt(w):
    x = torch.randn(N + 1, d)
    y = x @ w
    y[-1] = 0.0  # the query's label is what we ask for
    return torch.cat([x, y[:, None]], dim=1)


def with_query(tokens, xq):
    out = tokens.clone()
    out[-1, :d] = xq
    return out


w1, w2 = torch.randn(d), torch.randn(d)  # two tasks: y = x . w1 or y = x . w2
for name, w in (("task 1", w1), ("task 2", w2)):
    tokens = prompt(w)
    xs, ys = tokens[:-1, :d], tokens[:-1, d]
    # one gradient-descent step from w = 0 on the prompt's mean squared error
    w_gd = torch.zeros(d, requires_grad=True)
    (g,) = torch.autograd.grad(0.5 * ((xs @ w_gd - ys) ** 2).mean(), w_gd)
    w_step = -lr * g  # the weights after the step
    # the attention's output is linear in the query: read off its implicit weights
    w_attn = torch.stack(
        [linear_attention(with_query(tokens, e)) for e in torch.eye(d)]
    )
    print(
        f"{name} prompt: equals one GD step {torch.allclose(w_attn, w_step)},"
        f" cosine with w1 {F.cosine_similarity(w_attn, w1, 0):.2f},"
        f" with w2 {F.cosine_similarity(w_attn, w2, 0):.2f}"
    )
    # > task 1 prompt: equals one GD step True, cosine with w1 0.98, with w2 -0.32
    # > task 2 prompt: equals one GD step True, cosine with w1 -0.26, with w2 0.98
