"""Scaled dot-product attention from scratch, checked against SDPA."""

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel


def attention(q, k, v, attn_mask=None, is_causal=False):
    """softmax(q @ k^T / sqrt(d)) @ v for q (..., L, d), k (..., S, d), v (..., S, dv).

    attn_mask: bool, broadcastable to (..., L, S), True where the key takes part.
    is_causal: query i sees keys 0..i (aligned top-left). Both may be given at once.
    A query row that sees no key at all returns zeros, as SDPA does. Computed in
    the inputs' dtype; the inputs are left unchanged.
    """
    # --8<-- [start:solution]
    L, S = q.size(-2), k.size(-2)
    scores = (q @ k.transpose(-2, -1)) * q.size(-1) ** -0.5
    keep = torch.ones(L, S, dtype=torch.bool, device=q.device)
    if is_causal:
        keep = keep.tril()
    if attn_mask is not None:
        keep = keep & attn_mask
    scores = scores.masked_fill(~keep, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    # A row with no key softmaxes to nan (0 / 0): zero it, as SDPA does.
    weights = weights.masked_fill(~keep.any(dim=-1, keepdim=True), 0.0)
    return weights @ v
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.scaled_dot_product_attention",
    "torch.nn.attention.flex_attention.flex_attention",
)


def check(attention):
    torch.manual_seed(0)
    B, H, d, dv = 2, 3, 8, 5  # dv != d: the scale is 1/sqrt(d), the q and k dim

    def qkv(L, S, dtype=torch.float64, batch=(B, H)):
        return [
            torch.randn(*batch, n, dim, dtype=dtype, requires_grad=True)
            for n, dim in ((L, d), (S, d), (S, dv))
        ]

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

    def compare(case, got, want, inputs):
        causes = "1/sqrt(d)? True = takes part? diagonal? a mask per query?"
        torch.testing.assert_close(
            got, want, msg=lambda m: f"{case} ({why(got, want, causes)}): {m}"
        )
        g = torch.randn_like(want)
        mine, theirs = (torch.autograd.grad(t, inputs, g) for t in (got, want))
        causes = "nan from a row with no key?"
        torch.testing.assert_close(
            mine,
            theirs,
            msg=lambda m: f"gradients, {case} ({why(mine, theirs, causes)}): {m}",
        )

    # Left padding: sequence 1 starts with two padding keys (True = a real token).
    real = torch.tensor([[1, 1, 1, 1, 1], [0, 0, 1, 1, 1]], dtype=torch.bool)
    pad = real[:, None, None, :]  # (B, 1, 1, S): the same keys for every head, query
    causal = torch.ones(5, 5, dtype=torch.bool).tril()
    # A mask that differs from query to query, not only a key padding (B, 1, 1, S):
    # per sequence (B, 1, L, S), and one (L, S) for all, with causal on top.
    per_query = torch.rand(B, 1, 4, 5) < 0.6
    band = torch.rand(5, 5) < 0.6
    cases = [  # (case, L, S, batch dims, your arguments, SDPA's: None = the same)
        ("no mask", 5, 5, (B, H), {}, None),
        ("causal", 5, 5, (B, H), {"is_causal": True}, None),
        ("causal with L < S", 3, 5, (B, H), {"is_causal": True}, None),
        # L > S: rows S .. L-1 see every key (top-left: query i sees keys 0..i).
        ("causal with L=6 > S=3", 6, 3, (B, H), {"is_causal": True}, None),
        ("a mask per query (B, 1, L, S)", 4, 5, (B, H), {"attn_mask": per_query}, None),
        (
            "causal + a mask per query (L, S)",
            5,
            5,
            (B, H),
            {"attn_mask": band, "is_causal": True},
            {"attn_mask": band & causal},
        ),
        ("key padding", 4, 5, (B, H), {"attn_mask": pad}, None),
        (
            "causal + left padding: rows 0-1 of sequence 1 see no key",
            5,
            5,
            (B, H),
            {"attn_mask": pad, "is_causal": True},
            {"attn_mask": pad & causal},  # SDPA's contract: one or the other, merged
        ),
        # (..., L, d): three dims and two, not only four (index the dims from -1).
        ("3-D (H, L, d), key padding", 4, 5, (H,), {"attn_mask": real[1]}, None),
        ("2-D (L, d), causal", 5, 5, (), {"is_causal": True}, None),
    ]
    for case, L, S, batch, mine, ref in cases:
        q, k, v = qkv(L, S, batch=batch)
        given = {"q": q, "k": k, "v": v, "attn_mask": mine.get("attn_mask")}
        before = {n: t.detach().clone() for n, t in given.items() if t is not None}
        got = attention(q, k, v, **mine)
        for name, was in before.items():
            assert torch.equal(given[name], was), (
                f"{case}: your function changed its input {name} in place (an "
                "in-place op, or .data): leave the inputs unchanged"
            )
        want = F.scaled_dot_product_attention(q, k, v, **(mine if ref is None else ref))
        compare(case, got, want, (q, k, v))
    # Heads split from a (B, L, H, d) projection: transposed views, not contiguous.
    q, k, v = (
        torch.randn(B, n, H, dim, dtype=torch.float64).transpose(1, 2).requires_grad_()
        for n, dim in ((4, d), (5, d), (5, dv))
    )
    want = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    got = attention(q, k, v, is_causal=True)
    compare("non-contiguous q, k, v (.view? reshape)", got, want, (q, k, v))
    # No key at all (S = 0): every query returns zeros (no gradient to compare).
    q, k, v = (t.detach() for t in qkv(4, 0))
    torch.testing.assert_close(
        attention(q, k, v),
        F.scaled_dot_product_attention(q, k, v),
        msg=lambda m: f"S = 0 keys: zeros (a max over no keys?): {m}",
    )
    # float16 with rows that see no key: a fill value must exist in float16.
    q, k, v = (t.detach().half() for t in qkv(5, 5))
    got = attention(q, k, v, attn_mask=pad, is_causal=True)
    want = F.scaled_dot_product_attention(q, k, v, attn_mask=pad & causal)
    assert got.dtype == torch.float16, f"float16 inputs: returned {got.dtype}"
    torch.testing.assert_close(
        got, want, atol=2e-3, rtol=2e-3,
        msg=lambda m: f"float16, causal + padding (a float32 fill?): {m}",
    )  # fmt: skip
    # Large logits in float32: exp() of raw scores overflows; the softmax must not.
    q, k, v = qkv(5, 5, torch.float32)
    got = attention(q * 100, k, v, is_causal=True)
    want = F.scaled_dot_product_attention(q * 100, k, v, is_causal=True)
    torch.testing.assert_close(
        got, want, msg=lambda m: f"large logits, float32 (subtract the max): {m}"
    )
    print("attention = SDPA: causal, padding, rows with no key, dv != d, grads, 2-4D")
    # > attention = SDPA: causal, padding, rows with no key, dv != d, grads, 2-4D
    # SDPA's docs say both masks at once raise. On the CPU in 2.13 it depends on the
    # kernel: the flash kernel, picked here for dv = d, applies both (= the merged
    # mask); the math kernel raises, and the default raises too with dv != d.
    q, k, v = (t.detach() for t in qkv(5, 5))  # dv = 5
    v_d = torch.randn(B, H, 5, d, dtype=torch.float64)  # dv = d = 8
    both = F.scaled_dot_product_attention(q, k, v_d, attn_mask=band, is_causal=True)
    merged = F.scaled_dot_product_attention(q, k, v_d, attn_mask=band & causal)
    print("SDPA, both masks, dv = d: applied both", torch.allclose(both, merged))
    # > SDPA, both masks, dv = d: applied both True

    def both_masks(value):
        try:
            F.scaled_dot_product_attention(q, k, value, attn_mask=band, is_causal=True)
            return "accepted"
        except RuntimeError as e:
            return str(e).split(": ", 1)[-1]  # drop the op's name

    with sdpa_kernel(SDPBackend.MATH):
        print("math kernel:", both_masks(v_d))
        # > math kernel: Explicit attn_mask should not be set when is_causal=True
    print("dv != d:", both_masks(v))
    # > dv != d: Explicit attn_mask should not be set when is_causal=True


# --8<-- [end:check]


if __name__ == "__main__":
    check(attention)
