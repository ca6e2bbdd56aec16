"""Scaled dot-product attention from scratch, checked against SDPA."""

import torch
import torch.nn.functional as F


def attention(q, k, v, attn_mask=None, is_causal=False):
    """softmax(q @ k^T / sqrt(d)) @ v for q (..., L, d), k (..., S, d), v (..., S, dv).

    attn_mask: bool, broadcastable to (..., L, S), True where the key takes part.
    is_causal: query i sees keys 0..i (aligned top-left). Both may be given at once.
    A query row that sees no key at all returns zeros, as SDPA does.
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
def check(attention):
    torch.manual_seed(0)
    B, H, d = 2, 3, 8

    def qkv(L, S, dtype=torch.float64):
        return [
            torch.randn(B, H, n, d, dtype=dtype, requires_grad=True) for n in (L, S, S)
        ]

    def compare(case, got, want, inputs):
        torch.testing.assert_close(
            got,
            want,
            msg=lambda m: f"{case} (1/sqrt(d)? True = takes part? diagonal?): {m}",
        )
        g = torch.randn_like(want)
        torch.testing.assert_close(
            torch.autograd.grad(got, inputs, g),
            torch.autograd.grad(want, inputs, g),
            msg=lambda m: f"gradients, {case} (nan from a row with no key?): {m}",
        )

    # Left padding: sequence 1 starts with two padding keys (True = a real token).
    real = torch.tensor([[1, 1, 1, 1, 1], [0, 0, 1, 1, 1]], dtype=torch.bool)
    pad = real[:, None, None, :]  # (B, 1, 1, S): the same keys for every head, query
    causal = torch.ones(5, 5, dtype=torch.bool).tril()
    cases = [  # (case, L, S, your arguments, SDPA's arguments)
        ("no mask", 5, 5, {}, {}),
        ("causal", 5, 5, {"is_causal": True}, {"is_causal": True}),
        ("causal with L < S", 3, 5, {"is_causal": True}, {"is_causal": True}),
        ("key padding", 4, 5, {"attn_mask": pad}, {"attn_mask": pad}),
        (
            "causal + left padding: rows 0-1 of sequence 1 see no key",
            5,
            5,
            {"attn_mask": pad, "is_causal": True},
            {"attn_mask": pad & causal},  # SDPA takes one or the other: merge them
        ),
    ]
    for case, L, S, mine, ref in cases:
        q, k, v = qkv(L, S)
        got = attention(q, k, v, **mine)
        want = F.scaled_dot_product_attention(q, k, v, **ref)
        compare(case, got, want, (q, k, v))
    # Large logits in float32: exp() of raw scores overflows; the softmax must not.
    q, k, v = qkv(5, 5, torch.float32)
    got = attention(q * 100, k, v, is_causal=True)
    want = F.scaled_dot_product_attention(q * 100, k, v, is_causal=True)
    torch.testing.assert_close(
        got, want, msg=lambda m: f"large logits, float32 (subtract the max): {m}"
    )
    print(
        "attention matches SDPA: causal, padding, rows with no key, grads, big logits"
    )
    # > attention matches SDPA: causal, padding, rows with no key, grads, big logits


# --8<-- [end:check]


if __name__ == "__main__":
    check(attention)
