"""Causal sliding-window attention from scratch, checked against SDPA with a mask."""

import torch
import torch.nn.functional as F


def sliding_window_attention(q, k, v, window):
    """Causal attention in which each query sees at most the last `window` keys,
    its own position included, for q (..., Lq, d), k (..., Lk, d), v (..., Lk, dv),
    Lq <= Lk: the queries are the last Lq positions, as with a KV cache. Any strides;
    computed in the inputs' dtype."""
    # --8<-- [start:solution]
    if window < 1:
        raise ValueError(f"window must be at least 1, got {window}")
    Lq, Lk = q.size(-2), k.size(-2)
    # Query i sits at position Lk - Lq + i (aligned bottom-right) and sees the
    # keys j with pos - window < j <= pos: `window` keys, itself included.
    pos = torch.arange(Lk - Lq, Lk, device=q.device)[:, None]
    j = torch.arange(Lk, device=q.device)
    keep = (j <= pos) & (j > pos - window)  # (Lq, Lk); every row keeps its diagonal
    scores = (q @ k.transpose(-2, -1)) * q.size(-1) ** -0.5
    scores = scores.masked_fill(~keep, float("-inf"))
    return torch.softmax(scores, dim=-1) @ v
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.scaled_dot_product_attention",
    "torch._C._nn.scaled_dot_product_attention",
    "torch.ops.aten.scaled_dot_product_attention",
    "torch._scaled_dot_product_attention_math",
    "torch._scaled_dot_product_flash_attention_for_cpu",
    "torch.nn.attention.flex_attention.flex_attention",
)


def check(sliding_window_attention):
    torch.manual_seed(0)
    d, dv = 8, 5  # dv != d: the scale is 1/sqrt(d)

    def band(Lq, Lk, window):  # the reference mask, built another way: a loop
        keep = torch.zeros(Lq, Lk, dtype=torch.bool)
        for i in range(Lq):
            pos = Lk - Lq + i
            keep[i, max(0, pos - window + 1) : pos + 1] = True
        return keep

    def why(got, want, causes):
        # Off by float32's rounding of a float64 result: computed in float32.
        pairs = (
            zip(got, want, strict=False) if isinstance(got, tuple) else [(got, want)]
        )
        tiny = all(
            isinstance(a, torch.Tensor)
            and a.dtype == b.dtype == torch.float64
            and a.shape == b.shape
            and torch.allclose(a.detach(), b.detach(), rtol=1e-4, atol=1e-5)
            for a, b in pairs
        )
        return "computed in float32? keep the inputs' float64" if tiny else causes

    def compare(case, q, k, v, window, want=None, inputs=None):
        got = sliding_window_attention(q, k, v, window)
        if want is None:
            mask = band(q.size(-2), k.size(-2), window)
            want = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        case = f"{case}, window={window}"
        assert got.shape == want.shape, (
            f"{case}: shape {tuple(got.shape)}, want {tuple(want.shape)}"
        )
        causes = (
            "the window off by one (it counts the query itself), not causal, "
            "aligned top-left, or 1/sqrt(dv)"
        )
        torch.testing.assert_close(
            got,
            want,
            msg=lambda m: f"{case}; likely cause: {why(got, want, causes)}: {m}",
        )
        inputs = inputs or [t for t in (q, k, v) if t.requires_grad]
        if inputs:
            g = torch.randn_like(want)
            grads = [  # zeros for an input an output does not use (window=1: q, k)
                torch.autograd.grad(out, inputs, g, materialize_grads=True)
                for out in (got, want)
            ]
            torch.testing.assert_close(
                *grads,
                msg=lambda m: f"gradients, {case} ({why(*grads, 'the band?')}): {m}",
            )

    def qkv(Lq, Lk, batch=(2, 3), dtype=torch.float64):
        return [
            torch.randn(*batch, n, dim, dtype=dtype, requires_grad=True)
            for n, dim in ((Lq, d), (Lk, d), (Lk, dv))
        ]

    # A batch of 2 and 3 heads, L = 10: windows from 1 to beyond L.
    q, k, v = qkv(10, 10)
    for window in (1, 2, 3, 4, 9, 10, 11, 100):
        compare("B=2, H=3, L=10", q, k, v, window)
    # window = 1: each query sees only its own key, so the output is v itself.
    compare("window=1 returns v", q, k, v, 1, want=v)
    # window >= L: plain causal attention.
    want = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    compare("window >= L is causal attention", q, k, v, 10, want=want)
    # The last Lq positions against Lk keys (a KV cache): a decode step with one
    # query is plain attention over the last `window` keys alone.
    q1, k1, v1 = qkv(1, 10)
    want = F.scaled_dot_product_attention(q1, k1[..., -4:, :], v1[..., -4:, :])
    compare("one query at position 9 of 10 (decode)", q1, k1, v1, 4, want=want)
    q3, k3, v3 = qkv(3, 10)  # a chunk of 3 new queries, positions 7, 8, 9
    for window in (1, 2, 5, 10):
        compare("Lq=3 queries at positions 7-9, Lk=10", q3, k3, v3, window)
    # (..., L, d): three dims and two, not only four.
    compare("3-D (H, L, d)", *qkv(6, 6, batch=(3,)), 2)
    compare("2-D (L, d)", *qkv(6, 6, batch=()), 3)
    # Heads transposed from (B, L, H, d), as a projection leaves them: not
    # contiguous, so a .view that flattens the leading dims raises.
    leaves = [
        torch.randn(2, n, 3, dim, dtype=torch.float64, requires_grad=True)
        for n, dim in ((7, d), (7, d), (7, dv))
    ]
    q, k, v = (t.transpose(1, 2) for t in leaves)
    compare("(B, H, L, d) transposed from (B, L, H, d)", q, k, v, 3, inputs=leaves)
    # float32 with scores in the hundreds (up to about 270 here): exp of them
    # overflows float32, torch.softmax subtracts the row's max first. Compared
    # with the exact value (float64, rounded): two float32 orders of the same sum
    # differ by more than assert_close's float32 tolerance at this scale.
    q, k, v = qkv(10, 10, dtype=torch.float32)
    q, k, v = (100 * q).detach(), k.detach(), v.detach()
    got = sliding_window_attention(q, k, v, 3)
    exact = F.scaled_dot_product_attention(
        q.double(), k.double(), v.double(), attn_mask=band(10, 10, 3)
    )
    assert got.dtype == torch.float32, f"large logits: float32 in, {got.dtype} out"
    torch.testing.assert_close(
        got,
        exact.float(),
        atol=1e-4,
        rtol=1e-4,
        msg=lambda m: (
            "large logits (scores to 270), float32, window=3; likely cause: a softmax "
            "by hand: exp without subtracting the max overflows (inf / inf), and a "
            "max that counts the masked scores too underflows the kept ones (0 / 0): "
            "subtract the max of the kept scores (torch.softmax on -inf does): " + m
        ),
    )
    for window in (0, -1):
        try:
            sliding_window_attention(q, k, v, window)
        except ValueError:
            continue
        raise AssertionError(f"window={window}: no ValueError (window must be >= 1)")
    print("sliding_window_attention = SDPA + band mask: windows 1..100, KV-cache rows")
    # > sliding_window_attention = SDPA + band mask: windows 1..100, KV-cache rows


# --8<-- [end:check]


if __name__ == "__main__":
    check(sliding_window_attention)
