"""Grouped-query attention from scratch, checked against SDPA's enable_gqa."""

import itertools

import torch
import torch.nn.functional as F
from torch.overrides import TorchFunctionMode


def grouped_query_attention(q, k, v, is_causal=False):
    """q (B, n_heads, L, d); k and v (B, n_kv_heads, S, d), n_heads % n_kv_heads == 0.

    Query heads g * i ... g * i + g - 1 (g = n_heads // n_kv_heads) share kv head i.
    Any strides (q transposed from (B, L, n_heads, d)); computed in the inputs' dtype.
    """
    # --8<-- [start:solution]
    group = q.size(1) // k.size(1)
    # Each kv head serves `group` consecutive query heads: 0 0 1 1, not 0 1 0 1.
    k, v = (t.repeat_interleave(group, dim=1) for t in (k, v))
    return F.scaled_dot_product_attention(q, k, v, is_causal=is_causal)
    # --8<-- [end:solution]


# --8<-- [start:check]
class NoEnableGQA(TorchFunctionMode):  # the task's rule, while your function runs
    def __torch_function__(self, func, types, args=(), kwargs=None):
        # SDPA under any of its names (F., torch.ops.aten., _scaled_dot_product_*),
        # with enable_gqa, or handed fewer kv heads than query heads where only
        # enable_gqa makes them fit. A head axis of 1 broadcasts without it
        # (k[:, :, None] against q (B, n_kv_heads, g, L, d), or one kv head): allowed.
        if "scaled_dot_product" in getattr(func, "__name__", ""):
            assert not (kwargs or {}).get("enable_gqa"), (
                f"calls {func.__name__} with enable_gqa=True"
            )
            q, k = (args + (None, None))[:2]
            fewer = all(isinstance(t, torch.Tensor) and t.dim() > 2 for t in (q, k))
            fewer = fewer and 1 != k.size(-3) != q.size(-3) != 1
            assert not fewer, (
                f"calls {func.__name__} with {q.size(-3)} query heads against"
                f" {k.size(-3)} kv heads, which only enable_gqa accepts: give k and v"
                " the query heads' count (or a head axis of 1 that broadcasts)"
            )
        return func(*args, **(kwargs or {}))


def check(grouped_query_attention):
    torch.manual_seed(0)
    B, d = 2, 4

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

    def compare(case, got, want, inputs, causes=None):
        causes = causes or "query head h reads kv head h // g: repeat_interleave?"
        torch.testing.assert_close(
            got, want, msg=lambda m: f"{case} ({why(got, want, causes)}): {m}"
        )
        g = torch.randn_like(want)  # k.grad sums over the query heads that share k
        mine, theirs = (torch.autograd.grad(t, inputs, g) for t in (got, want))
        torch.testing.assert_close(
            mine,
            theirs,
            msg=lambda m: f"gradients, {case} ({why(mine, theirs, causes)}): {m}",
        )

    heads = [(6, 2), (8, 4), (4, 1), (3, 3)]  # GQA, GQA, MQA, MHA
    # L < S too: is_causal then aligns the mask top-left (query i sees keys 0 .. i),
    # not bottom-right as a KV cache would.
    for (n_heads, n_kv_heads), (L, S) in itertools.product(heads, [(5, 5), (3, 7)]):
        q = torch.randn(B, n_heads, L, d, dtype=torch.float64, requires_grad=True)
        k, v = (
            torch.randn(B, n_kv_heads, S, d, dtype=torch.float64, requires_grad=True)
            for _ in range(2)
        )
        for is_causal in (False, True):
            with NoEnableGQA():
                got = grouped_query_attention(q, k, v, is_causal=is_causal)
            want = F.scaled_dot_product_attention(
                q, k, v, is_causal=is_causal, enable_gqa=True
            )
            case = f"n_heads={n_heads}, n_kv_heads={n_kv_heads}, L={L}, S={S}, "
            case += f"is_causal={is_causal}"
            causes = None
            if is_causal and L != S:
                causes = "query i sees keys 0 .. i: the mask aligned top-left?"
            compare(case, got, want, (q, k, v), causes)
    # The usual layout after a projection: x @ W viewed (B, L, H, d), transposed to
    # (B, H, L, d): q, k and v are not contiguous (a .view of them can raise).
    B, L, n_heads, n_kv_heads = 2, 5, 6, 2
    leaves = [
        torch.randn(B, L, h, d, dtype=torch.float64, requires_grad=True)
        for h in (n_heads, n_kv_heads, n_kv_heads)
    ]
    q, k, v = (t.transpose(1, 2) for t in leaves)
    for is_causal in (False, True):
        with NoEnableGQA():
            got = grouped_query_attention(q, k, v, is_causal=is_causal)
        want = F.scaled_dot_product_attention(
            q, k, v, is_causal=is_causal, enable_gqa=True
        )
        case = (
            f"q, k, v transposed from (B, L, H, d), not contiguous, causal={is_causal}"
        )
        compare(case, got, want, leaves)
    # is_causal left out: the Task box's default is False.
    q = torch.randn(B, 6, 3, d, dtype=torch.float64)
    k, v = (torch.randn(B, 2, 3, d, dtype=torch.float64) for _ in range(2))
    with NoEnableGQA():
        got = grouped_query_attention(q, k, v)
    want = F.scaled_dot_product_attention(q, k, v, enable_gqa=True)
    torch.testing.assert_close(
        got,
        want,
        msg=lambda m: (
            "called without is_causal, 6 heads, 2 kv heads, L = S = 3"
            f" (the default is is_causal=False, full attention): {m}"
        ),
    )
    # Half precision: the output keeps the inputs' dtype (within its rounding of the
    # float64 result; computing inside in float32 is fine, returning float32 is not).
    for dtype, tol in ((torch.float16, 1e-2), (torch.bfloat16, 5e-2)):
        q = torch.randn(B, 6, 5, d).to(dtype)
        k, v = (torch.randn(B, 2, 5, d).to(dtype) for _ in range(2))
        for is_causal in (False, True):
            with NoEnableGQA():
                got = grouped_query_attention(q, k, v, is_causal=is_causal)
            want = F.scaled_dot_product_attention(
                *(t.double() for t in (q, k, v)), is_causal=is_causal, enable_gqa=True
            )
            case = f"{dtype} inputs, 6 heads, 2 kv heads, is_causal={is_causal}"
            assert isinstance(got, torch.Tensor) and got.dtype == dtype, (
                f"{case}: returned {getattr(got, 'dtype', type(got).__name__)}, want"
                f" {dtype} (in the inputs' dtype: upcast inside, cast the output back?)"
            )
            torch.testing.assert_close(
                got.double(),
                want,
                rtol=tol,
                atol=tol,
                msg=lambda m, case=case: f"{case}, vs the float64 result: {m}",
            )
    print("grouped_query_attention = SDPA(enable_gqa): GQA, MQA, MHA, L < S, grads")
    # > grouped_query_attention = SDPA(enable_gqa): GQA, MQA, MHA, L < S, grads


# --8<-- [end:check]


if __name__ == "__main__":
    check(grouped_query_attention)
