"""InfoNCE with in-batch negatives (one-way, and CLIP's symmetric form), checked
against a loop over the rows of the similarity matrix."""

import torch
import torch.nn.functional as F


def info_nce(a, b, temperature=0.1, symmetric=False):
    """a, b: (N, D) embeddings; (a[i], b[i]) is a positive pair and every b[j], j != i,
    a negative for a[i]. Cosine similarities over temperature, mean over the batch;
    symmetric=True averages the a->b and b->a losses, as CLIP does."""
    # --8<-- [start:solution]
    a = F.normalize(a, dim=1)
    b = F.normalize(b, dim=1)
    logits = a @ b.T / temperature  # (N, N): row i scores a[i] against every b[j]
    labels = torch.arange(a.shape[0], device=a.device)  # the positive is the diagonal
    loss = F.cross_entropy(logits, labels)
    if symmetric:  # b->a: the columns, i.e. the rows of the transpose
        loss = (loss + F.cross_entropy(logits.T, labels)) / 2
    return loss
    # --8<-- [end:solution]


# --8<-- [start:check]
def loop_info_nce(a, b, temperature, symmetric):
    """-log(exp(s_ii) / sum_j exp(s_ij)) for each row i, s = cosine / temperature."""

    def cos(u, v):
        return (u * v).sum() / (u.norm() * v.norm())

    n = a.shape[0]
    s = [[cos(a[i], b[j]) / temperature for j in range(n)] for i in range(n)]
    rows = [-torch.log(s[i][i].exp() / sum(x.exp() for x in s[i])) for i in range(n)]
    loss = sum(rows) / n
    if symmetric:
        col = [sum(s[j][i].exp() for j in range(n)) for i in range(n)]
        cols = [-torch.log(s[i][i].exp() / col[i]) for i in range(n)]
        loss = (loss + sum(cols) / n) / 2
    return loss


def check(info_nce):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    # N != D, and rows of different norms: the similarity is a cosine.
    scale = torch.tensor([[0.1], [1.0], [5.0], [20.0], [2.0]], dtype=torch.float64)
    a = (torch.randn(5, 3, dtype=torch.float64) * scale).requires_grad_()
    b = (torch.randn(5, 3, dtype=torch.float64) * scale.flip(0)).requires_grad_()
    for temperature in [1.0, 0.1, 0.02]:  # 0.02: logits up to 50
        for symmetric in [False, True]:
            case = f"temperature={temperature}, symmetric={symmetric}"
            got = info_nce(a, b, temperature, symmetric)
            want = loop_info_nce(a, b, temperature, symmetric)
            close(
                got,
                want,
                f"{case}: cosine (normalize over dim 1), divided by the temperature, "
                f"positives on the diagonal, b->a from the transpose",
            )
            close(
                torch.autograd.grad(got, (a, b)),
                torch.autograd.grad(want, (a, b)),
                f"gradients, {case}",
            )
    print("info_nce matches a loop over the rows: 3 temperatures, symmetric, gradients")
    # > info_nce matches a loop over the rows: 3 temperatures, symmetric, gradients


# --8<-- [end:check]


if __name__ == "__main__":
    check(info_nce)
