"""InfoNCE with in-batch negatives (one-way, and CLIP's symmetric form), checked
against a loop over the rows of the similarity matrix."""

import torch
import torch.nn.functional as F


def info_nce(a, b, temperature=0.1, symmetric=False):
    """a, b: (N, D) embeddings; (a[i], b[i]) is a positive pair and every b[j], j != i,
    a negative for a[i]. Cosine similarities over temperature, mean over the batch;
    symmetric=True averages the a->b and b->a losses, as CLIP does. Finite for logits
    of 100 in float32 (temperature 0.01), computed on the embeddings' device."""
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
    # float32 at CLIP's temperature, 0.01: aligned pairs (cosine near 1) give logits
    # near 100, and exp(100) is inf in float32 (from 88.7): inf / inf = nan unless
    # the max is subtracted (F.cross_entropy does). The loop runs in float64.
    a32 = torch.randn(6, 8)
    b32 = (a32 + 0.3 * torch.randn(6, 8)).requires_grad_()
    a32.requires_grad_()
    for symmetric in [False, True]:
        case = f"float32, temperature=0.01 (logits near 100), symmetric={symmetric}"
        got = info_nce(a32, b32, 0.01, symmetric)
        want = loop_info_nce(a32.double(), b32.double(), 0.01, symmetric)
        assert got.dtype == torch.float32, f"{case}: a {got.dtype} loss"
        assert torch.isfinite(got).all(), (
            f"{case}: {got.tolist()}; exp(logits) overflows above 88.7: subtract each "
            "row's max (F.cross_entropy does), or a log-softmax"
        )
        tol = dict(rtol=1e-4, atol=1e-4)  # float32 logits of 100: 1e-5 apart
        torch.testing.assert_close(
            got, want.float(), **tol, msg=lambda m, c=case: f"{c}: {m}"
        )
        torch.testing.assert_close(
            torch.autograd.grad(got, (a32, b32)),
            tuple(g.float() for g in torch.autograd.grad(want, (a32, b32))),
            **tol,
            msg=lambda m, c=case: f"gradients, {c}: {m}",
        )
    # The labels on the embeddings' device: run on the meta device (shapes only),
    # where labels made on the CPU (torch.arange(N) without device=) fail as on CUDA.
    meta = [t.detach().to("meta") for t in (a, b)]
    for symmetric in [False, True]:
        case = f"a, b on another device (meta, as CUDA), symmetric={symmetric}"
        try:
            out = info_nce(*meta, 0.1, symmetric)
        except Exception as e:
            if "device" in str(e):
                raise AssertionError(
                    f"{case}: {e}: make the labels on the logits' device, "
                    "torch.arange(N, device=a.device)"
                ) from None
            out = None  # an op the meta device lacks, which ran on the CPU above
        assert out is None or out.device == meta[0].device, (
            f"{case}: the loss on {out.device}"
        )
    print("info_nce matches a loop over the rows: 4 temperatures, symmetric, gradients")
    # > info_nce matches a loop over the rows: 4 temperatures, symmetric, gradients


# --8<-- [end:check]


if __name__ == "__main__":
    check(info_nce)
