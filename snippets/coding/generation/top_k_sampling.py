"""Top-k filtering for sampling, checked against a per-token counting reference."""

import torch


def top_k_filter(logits, k):
    """logits: (..., vocab). Keep every logit at least as large as the k-th largest of
    its row (all of a tie at the k-th value stay), set the others to -inf; k above the
    vocabulary size keeps all. Return a new tensor on logits' device, the caller's
    logits unchanged, for logits of any strides. Sample from the result with
    torch.multinomial(torch.softmax(top_k_filter(logits, k), -1), 1)."""
    # --8<-- [start:solution]
    k = min(k, logits.shape[-1])
    kth = torch.topk(logits, k, dim=-1).values[..., -1:]  # the k-th largest, per row
    return logits.masked_fill(logits < kth, float("-inf"))
    # --8<-- [end:solution]


# --8<-- [start:check]
def check(top_k_filter):
    torch.manual_seed(0)

    def close(
        got, want, case, **kw
    ):  # exact unless told: kept logits are kept as they are
        kw = kw or {"rtol": 0, "atol": 0}
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}", **kw)

    def filtered(x, k, case):  # each call on a fresh copy, which must stay as it was
        given = x.clone()
        out = top_k_filter(given, k)
        close(given, x, f"{case}: the caller's logits were changed (filter in place?)")
        shared = out.untyped_storage().data_ptr() == given.untyped_storage().data_ptr()
        assert not shared, (
            f"{case}: the result shares memory with the caller's logits: return a new "
            "tensor, even when nothing is filtered"
        )
        return out

    def cause(got, want):  # which part is off: the filled value or the kept logits
        if not isinstance(got, torch.Tensor) or got.shape != want.shape:
            return ""
        if got.dtype != want.dtype:
            return f" (returned {got.dtype}: keep the logits' dtype, {want.dtype})"
        out = want == float("-inf")
        if (
            out.any()
            and (got[out] < -1e4).all()
            and not torch.equal(got[out], want[out])
        ):
            return (
                " (the filtered logits must be -inf exactly: not finfo.min, not -1e9)"
            )
        if not torch.equal(got == float("-inf"), out):
            return " (other tokens kept: each logit >= the row's k-th largest stays)"
        if not torch.equal(got[~out], want[~out]):
            return " (the kept logits changed: keep them exactly, not through float32)"
        return ""

    def reference(rows, k):  # token i stays iff fewer than k tokens beat it strictly
        return torch.tensor(
            [[x if (r > x).sum() < k else float("-inf") for x in r] for r in rows],
            dtype=rows.dtype,
        )

    logits = torch.randn(4, 3, 10, dtype=torch.float64)
    for k in [1, 3, 10, 12]:  # 12 > vocab: keep everything
        want = reference(logits.reshape(-1, 10), k).reshape(4, 3, 10)
        case = f"k={k}, random logits, (4, 3, 10)"
        got = filtered(logits, k, case)
        close(got, want, case + cause(got, want))
    # Half precision in, half out: the same logits, in a new tensor of their dtype.
    for dtype in (torch.float16, torch.bfloat16):
        x = torch.randn(3, 10, generator=torch.Generator().manual_seed(1)).to(dtype)
        case = f"{dtype} logits, k=3"
        got, want = filtered(x, 3, case), reference(x, 3)
        close(got, want, case + cause(got, want))
    # Ties at the k-th value all stay: three tokens share the 2nd largest value.
    tied = torch.tensor([[1.0, 3, 3, 2, 3, 0], [5.0, 1, 1, 1, 0, 5]])
    for k in [1, 2, 3]:
        case = f"ties, k={k}"
        close(
            filtered(tied, k, case),
            reference(tied, k),
            f"{case}: all tokens tied at the k-th value stay (which of them "
            "torch.topk returns is not stable)",
        )
    # A banned token (-inf already) stays banned, with fewer finite logits than k.
    banned = torch.tensor([[0.5, float("-inf"), 2.0, float("-inf")]])
    case = "-inf logits in the input, k=3"
    close(filtered(banned, 3, case), banned, case)
    # Logits far apart: their softmax underflows to 0 in float32, so probabilities
    # cannot tell -200 (the 2nd largest) from -300.
    far = torch.tensor([[0.0, -200.0, -300.0, -400.0]])
    case = "logits [0, -200, -300, -400], k=2"
    close(
        filtered(far, 2, case),
        torch.tensor([[0.0, -200.0, float("-inf"), float("-inf")]]),
        f"{case}: compare the logits, not their softmax (which underflows to 0)",
    )
    far = torch.tensor([[0.0, -800.0, -900.0, -1000.0]], dtype=torch.float64)
    case = "float64 logits [0, -800, -900, -1000], k=2"
    close(
        filtered(far, 2, case),
        torch.tensor(
            [[0.0, -800.0, float("-inf"), float("-inf")]], dtype=torch.float64
        ),
        f"{case}: compare the logits, not their softmax (0 below -745 even in float64)",
    )
    # Logits of any strides: a transposed view, on which .view raises.
    strided = torch.randn(4, 10, 3, dtype=torch.float64).transpose(1, 2)
    case = "non-contiguous logits (a transposed view), k=3"
    try:
        out = filtered(strided, 3, case)
    except RuntimeError as e:
        raise AssertionError(
            f"{case}: your code raised {e} (.view? use reshape)"
        ) from e
    close(out, reference(strided.reshape(-1, 10), 3).reshape(4, 3, 10), case)
    # Sampling: only the kept tokens are drawn, in proportion to their softmax.
    row = torch.randn(10, dtype=torch.float64)
    probs = torch.softmax(filtered(row, 3, "a 1-D row, k=3"), dim=-1)
    draws = torch.multinomial(probs, 20_000, replacement=True)
    kept = torch.topk(row, 3).indices
    assert torch.isin(draws, kept).all(), "a token outside the top 3 was drawn"
    freq = torch.bincount(draws, minlength=10).double() / draws.numel()
    want = torch.zeros(10, dtype=torch.float64)
    want[kept] = torch.softmax(row[kept], dim=-1)
    close(freq, want, "draw frequencies, k=3", atol=0.015, rtol=0)
    # On the input's device: a "meta" tensor (a device without data, a stand-in for
    # CUDA) catches a tensor made on the CPU (torch.full without device=). An op
    # without a meta version, or .item(), cannot run there: nothing to see then.
    case = "logits on the 'meta' device (a stand-in for CUDA)"
    try:
        out = top_k_filter(torch.randn(2, 10, device="meta"), 3)
    except (RuntimeError, NotImplementedError) as e:
        untestable = ("Meta kernel", "register_meta", "called on meta tensors")
        if not any(s in str(e) for s in untestable):
            raise AssertionError(
                f"{case}: your code raised {e}: a tensor made without device="
                "logits.device (on the CPU), or moved there with .cpu()?"
            ) from e
        out = torch.empty(0, device="meta")
    assert out.device.type == "meta", (
        f"{case}: the result is on {out.device}: make it with device=logits.device"
    )
    print("top_k_filter = the reference, k = 1 to vocab + 2; ties and -inf kept")
    # > top_k_filter = the reference, k = 1 to vocab + 2; ties and -inf kept


# --8<-- [end:check]


if __name__ == "__main__":
    check(top_k_filter)
