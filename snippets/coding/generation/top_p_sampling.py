"""Top-p (nucleus) filtering, checked against a loop over the sorted tokens."""

import torch
from torch.overrides import TorchFunctionMode


def top_p_filter(logits, p):
    """logits: (..., vocab), 0 < p <= 1. Keep the smallest set of most probable tokens
    whose probability reaches p (the token that crosses p included, at least one token;
    among equal probabilities the lower index first), set the others to -inf, in a new
    tensor of logits' dtype (the caller's logits unchanged, any strides). For float16
    or bfloat16 logits, the probabilities and their running sum are float32."""
    # --8<-- [start:solution]
    # In float32 at least: a bfloat16 cumsum, 8 bits, misplaces the boundary.
    probs = torch.softmax(
        logits, -1, dtype=torch.promote_types(logits.dtype, torch.float32)
    )
    sorted_probs, order = torch.sort(probs, dim=-1, descending=True, stable=True)
    # A token stays while the mass of the tokens ahead of it is still below p: the one
    # that crosses p stays, and the first always does (nothing is ahead of it).
    ahead = sorted_probs.cumsum(dim=-1) - sorted_probs
    remove_sorted = ahead >= p
    remove = remove_sorted.scatter(-1, order, remove_sorted)  # back to vocab order
    return logits.masked_fill(remove, float("-inf"))
    # --8<-- [end:solution]


# --8<-- [start:check]
# The ways a tensor's values reach Python (tolist, item, float(t), numpy, printing, ...)
READS = {"tolist", "item", "numpy", "__array__", "__float__", "__int__", "__bool__"}
READS |= {"__index__", "__complex__", "__format__", "__repr__", "__dlpack__"}
READS |= {"untyped_storage", "storage", "_typed_storage", "data_ptr", "__reduce_ex__"}


class Count(TorchFunctionMode):  # the torch calls of the code under it, and the
    def __init__(self):  # number of values it reads out of tensors into Python
        super().__init__()
        self.calls = self.read = 0

    def __torch_function__(self, func, types, args=(), kwargs=None):
        self.calls += 1
        if getattr(func, "__name__", "") in READS and isinstance(args[0], torch.Tensor):
            self.read += args[0].numel()
        return func(*args, **(kwargs or {}))


def check(top_p_filter):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    def filtered(x, p, case):  # each call on a fresh copy, which must stay as it was
        given = x.clone()
        out = top_p_filter(given, p)
        assert torch.equal(given, x), (
            f"{case}: the caller's logits were changed (masked_fill_ in place?): "
            "return a new tensor"
        )
        return out

    def reference(row, p):  # add tokens, most probable first, until the mass reaches p
        probs = torch.softmax(row, dim=-1).tolist()
        out, mass = torch.full_like(row, float("-inf")), 0.0
        for i in sorted(range(len(probs)), key=lambda i: -probs[i]):  # stable on ties
            out[i] = row[i]
            mass += probs[i]
            if mass >= p:
                break
        return out

    logits = 2 * torch.randn(6, 5, 12, dtype=torch.float64)
    for p in [0.05, 0.3, 0.6, 0.9, 0.99]:
        got = filtered(logits, p, f"p={p}, random logits (6, 5, 12)")
        want = torch.stack([reference(r, p) for r in logits.reshape(-1, 12)])
        close(got, want.reshape(6, 5, 12), f"p={p}, random logits (6, 5, 12)")
        probs, kept = torch.softmax(logits, -1), got.isfinite()
        mass = (probs * kept).sum(-1)
        smallest = probs.masked_fill(~kept, 2.0).amin(-1)
        assert kept.any(-1).all(), f"p={p}: a row kept no token"
        assert (mass >= p).all(), f"p={p}: the kept mass must reach p (boundary token)"
        assert (mass - smallest < p).all(), f"p={p}: not the smallest such set"
    # Exactly representable probabilities: the mass hits p = 0.75 exactly.
    exact = torch.tensor([0.0625, 0.25, 0.125, 0.5, 0.0625]).log()
    for p, n in [(0.5, 1), (0.75, 2), (0.76, 3), (1.0, 5)]:
        got = filtered(exact, p, f"probabilities 1/16 to 1/2, p={p}")
        assert got.isfinite().sum() == n, (
            f"probabilities [1/16, 1/4, 1/8, 1/2, 1/16], p={p}: want the {n} most "
            f"probable, got {got.isfinite().sum()}: the set whose mass reaches p (>= p)"
        )
        close(got, reference(exact, p), f"probabilities 1/16 to 1/2, p={p}")
    # One token above p: it alone stays. Ties: the lower index first, in a short row
    # and in 100 tokens where every third one is tied at the top (p = 0.3 keeps 0, 3,
    # ..., 36): sort's default order among equals is not the index order.
    peaked = torch.tensor([0.0, 9.0, 1.0, 0.5])
    ties = torch.tensor([0.0, 2.0, 2.0, 1.0, 2.0])
    thirds = 2.0 * (torch.arange(100, dtype=torch.float64) % 3 == 0)
    for row, p in [(peaked, 0.9), (ties, 0.5), (ties, 0.9), (thirds, 0.3)]:
        case = (
            f"logits {row.tolist()[:5]}... ({len(row)}), p={p}: the lower index first"
        )
        close(filtered(row, p, case), reference(row, p), case)
    # Logits near 1000: exp overflows without the max subtracted (inf / inf = nan).
    for row, p in [
        (torch.tensor([1000.0, 999.0, 990.0]), 0.5),
        (logits[0, 0] + 1000.0, 0.6),
        (logits[1, 1] - 1000.0, 0.6),
    ]:
        case = f"logits near {row.max().item():.0f}, p={p}"
        close(
            filtered(row, p, case),
            reference(row, p),
            f"{case}: subtract the max before exp (torch.softmax does)",
        )
    # Logits of any strides: a transposed view, on which .view raises.
    strided = 2 * torch.randn(4, 12, 3, dtype=torch.float64).transpose(1, 2)
    case = "non-contiguous logits (a transposed view), p=0.6"
    try:
        got = filtered(strided, 0.6, case)
    except RuntimeError as e:
        raise AssertionError(
            f"{case}: your code raised {e} (.view? use reshape)"
        ) from e
    want = torch.stack([reference(r, 0.6) for r in strided.reshape(-1, 12)])
    close(got, want.reshape(4, 3, 12), case)
    # bfloat16 and float16 logits: the mass in bfloat16 (8 bits) misplaces the
    # boundary by a few tokens in 200, in float16 (11 bits) in 64 rows of 200; in
    # float32 it agrees with float64's.
    bf16 = torch.randn(4, 200).to(torch.bfloat16)
    for low, p in [(bf16, 0.5), (bf16, 0.9), (torch.randn(64, 200).half(), 0.9)]:
        case = f"{low.dtype} logits {tuple(low.shape)}, p={p}"
        got = filtered(low, p, case)
        assert got.dtype == low.dtype, f"{case}: a {got.dtype} result"
        want = torch.stack([reference(r.double(), p) for r in low]).to(low.dtype)
        wrong = int((got.isfinite() != want.isfinite()).sum())
        assert wrong == 0, (
            f"{case}: {wrong} tokens kept or dropped unlike the float64 nucleus: "
            "compute the softmax and its cumsum in float32 (softmax(..., dtype=))"
        )
        close(got, want, case)
    # No Python loop over the vocabulary: as many torch calls for 100 tokens as for
    # 12, and as many values read out into Python (a loop over .tolist() reads all).
    counts = []
    for vocab in (12, 100):
        with Count() as count:
            top_p_filter(torch.randn(4, vocab), 0.5)
        counts.append((count.calls, count.read))
    assert counts[0][0] == counts[1][0], (
        f"torch calls for a vocabulary of 12, 100: {[c[0] for c in counts]}: a Python "
        "loop over the vocabulary?"
    )
    assert counts[0][1] == counts[1][1], (
        f"values read out of tensors into Python (tolist, item, float, numpy) for a "
        f"vocabulary of 12, 100: {[c[1] for c in counts]}: a Python loop over them?"
    )
    print("top_p_filter = the loop: boundary token kept, minimal, never empty, ties")
    # > top_p_filter = the loop: boundary token kept, minimal, never empty, ties


# --8<-- [end:check]


if __name__ == "__main__":
    check(top_p_filter)
