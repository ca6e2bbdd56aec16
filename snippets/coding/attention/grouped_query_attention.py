"""Grouped-query attention from scratch, checked against SDPA's enable_gqa."""

import itertools

import torch
import torch.nn.functional as F
from torch.overrides import TorchFunctionMode


def grouped_query_attention(q, k, v, is_causal=False):
    """q (B, n_heads, L, d); k and v (B, n_kv_heads, S, d), n_heads % n_kv_heads == 0.

    Query heads g * i ... g * i + g - 1 (g = n_heads // n_kv_heads) share kv head i.
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
        gqa = func is F.scaled_dot_product_attention and (kwargs or {}).get(
            "enable_gqa"
        )
        assert not gqa, "calls SDPA with enable_gqa=True"
        return func(*args, **(kwargs or {}))


def check(grouped_query_attention):
    torch.manual_seed(0)
    B, d = 2, 4

    def compare(case, got, want, inputs):
        torch.testing.assert_close(
            got, want, msg=lambda m: f"{case} (repeat_interleave, not repeat?): {m}"
        )
        g = torch.randn_like(want)  # k.grad sums over the query heads that share k
        torch.testing.assert_close(
            torch.autograd.grad(got, inputs, g),
            torch.autograd.grad(want, inputs, g),
            msg=lambda m: f"gradients, {case}: {m}",
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
            if is_causal and L != S:
                case += " (query i sees keys 0 .. i: the mask aligned top-left)"
            compare(case, got, want, (q, k, v))
    print("grouped_query_attention = SDPA(enable_gqa): GQA, MQA, MHA, L < S, grads")
    # > grouped_query_attention = SDPA(enable_gqa): GQA, MQA, MHA, L < S, grads


# --8<-- [end:check]


if __name__ == "__main__":
    check(grouped_query_attention)
