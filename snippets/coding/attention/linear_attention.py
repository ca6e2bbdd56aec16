"""Linear attention (Katharopoulos et al. 2020) in O(L), checked against O(L^2)."""

import torch
import torch.nn.functional as F
from torch.overrides import TorchFunctionMode


def linear_attention(q, k, v, causal=True):
    """out_i = phi(q_i) . S_i / (phi(q_i) . z_i), phi(x) = elu(x) + 1, for q, k
    (..., L, d) and v (..., L, dv); S_i = sum_j phi(k_j) v_j^T and z_i = sum_j phi(k_j)
    over j <= i (causal) or over all j. Never the L x L matrix phi(Q) phi(K)^T."""
    # --8<-- [start:solution]
    fq, fk = F.elu(q) + 1, F.elu(k) + 1  # positive features: the normalizer is > 0
    if causal:
        # Prefix sums over the positions: S_i (..., L, d, dv) and z_i (..., L, d).
        S = torch.cumsum(fk.unsqueeze(-1) * v.unsqueeze(-2), dim=-3)
        z = torch.cumsum(fk, dim=-2)
        num = (fq.unsqueeze(-2) @ S).squeeze(-2)  # phi(q_i)^T S_i: (..., L, dv)
    else:
        S = fk.transpose(-2, -1) @ v  # one (d, dv) state for every query
        z = fk.sum(dim=-2, keepdim=True)  # (..., 1, d)
        num = fq @ S
    den = (fq * z).sum(dim=-1, keepdim=True)  # phi(q_i)^T z_i: (..., L, 1)
    return num / den
    # --8<-- [end:solution]


# --8<-- [start:check]
class Watch(TorchFunctionMode):  # sees every torch call of the code under it
    def __init__(self):
        super().__init__()
        self.largest = 0  # the most elements of a tensor a call returned
        self.total = 0  # the elements all calls returned: the work, roughly

    def __torch_function__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        for t in out if isinstance(out, (tuple, list)) else (out,):
            if isinstance(t, torch.Tensor):
                self.largest = max(self.largest, t.numel())
                self.total += t.numel()
        return out


def quadratic(q, k, v, causal):  # the same formula, O(L^2): phi(Q) phi(K)^T, masked
    a = (F.elu(q) + 1) @ (F.elu(k) + 1).transpose(-2, -1)  # (..., L, L), all > 0
    if causal:
        a = a.tril()
    return (a @ v) / a.sum(dim=-1, keepdim=True)


def check(linear_attention):
    torch.manual_seed(0)

    def why(got, want, causes):
        # Off by about float32's rounding, far below what a wrong formula gives.
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
        small = "computed in float32 for float64 inputs, or an eps in the normalizer"
        return small if tiny else causes

    def compare(case, q, k, v, causal, grads=True):
        got = linear_attention(q, k, v, causal=causal)
        want = quadratic(q, k, v, causal)
        if q.dtype == torch.float32:  # the exact value, rounded to float32
            want = quadratic(*(t.double() for t in (q, k, v)), causal).float()
        case = f"{case}, causal={causal}"
        assert got.shape == want.shape, (
            f"{case}: shape {tuple(got.shape)}, want {tuple(want.shape)}"
        )
        assert got.dtype == want.dtype, f"{case}: {q.dtype} in, {got.dtype} out"
        causes = (
            "phi is not elu(x) + 1, the sums not over j <= i (itself included), or "
            "the normalizer missing, given an eps, or not phi(q_i) . z_i"
        )
        torch.testing.assert_close(
            got,
            want,
            msg=lambda m: f"{case}; likely cause: {why(got, want, causes)}: {m}",
        )
        if grads:
            g = torch.randn_like(want)
            mine, theirs = (torch.autograd.grad(t, (q, k, v), g) for t in (got, want))
            torch.testing.assert_close(
                mine,
                theirs,
                msg=lambda m: (
                    f"gradients, {case}; likely cause: {why(mine, theirs, causes)}: {m}"
                ),
            )

    def qkv(L, batch=(2, 3), d=4, dv=3, dtype=torch.float64, scale=1.0):
        return [
            (scale * torch.randn(*batch, L, n, dtype=dtype)).requires_grad_()
            for n in (d, d, dv)
        ]

    for causal in (True, False):
        compare("B=2, H=3, L=7, d=4, dv=3", *qkv(7), causal)
        compare("L=1", *qkv(1), causal)
        compare("3-D (H, L, d)", *qkv(5, batch=(3,)), causal)
        compare("2-D (L, d)", *qkv(5, batch=()), causal)
        # Large inputs: elu(x) + 1 is x + 1 above 0 and exp(x) below it.
        compare("inputs of scale 10", *qkv(6, scale=10.0), causal)
        # float32 at L = 512: the running sums must stay within float32 precision.
        q, k, v = qkv(512, batch=(2,), dtype=torch.float32)
        compare("float32, L=512", q, k, v, causal, grads=False)
    # O(L): one head of L = 256, d = 4, dv = 3; no torch call may return a tensor
    # of L * L = 65536 elements or more (the prefix sums S are L * d * dv = 3072).
    # And O(L) time: from L = 256 to 1024 the elements all its torch calls return
    # grow 4 times, not 16 as a loop over the queries against their prefix does, or
    # the quadratic form cut into blocks of rows (each below L * L).
    q, k, v = (t.detach() for t in qkv(256, batch=()))
    for causal in (True, False):
        watch = Watch()
        with watch:
            got = linear_attention(q, k, v, causal=causal)
        case = f"L=256, causal={causal}"
        torch.testing.assert_close(
            got, quadratic(q, k, v, causal), msg=lambda m, case=case: f"{case}: {m}"
        )
        assert watch.largest < 256 * 256, (
            f"{case}: a tensor of {watch.largest} elements, as big as "
            "the L x L matrix phi(Q) phi(K)^T; likely cause: the quadratic form, or an "
            "L x L mask: use running sums over the positions"
        )
        long = [t.detach() for t in qkv(1024, batch=())]
        watch_long = Watch()
        with watch_long:
            got = linear_attention(*long, causal=causal)
        torch.testing.assert_close(got, quadratic(*long, causal))
        growth = watch_long.total / watch.total
        assert growth < 8, (
            f"causal={causal}: L 4 times longer, {growth:.1f} times the elements "
            "returned; likely cause: O(L^2) work, each query against all its keys "
            "(a loop over the queries, or the quadratic form in blocks): carry the "
            "running sums instead"
        )
    print("linear_attention = its O(L^2) form: causal or not, float32, L=512, no LxL")
    # > linear_attention = its O(L^2) form: causal or not, float32, L=512, no LxL


# --8<-- [end:check]


if __name__ == "__main__":
    check(linear_attention)
