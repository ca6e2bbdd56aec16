"""A top-k Mixture-of-Experts layer and the Switch load-balancing loss, per token."""

import itertools

import torch
import torch.nn as nn


def moe_forward(x, router_weight, experts, k):
    """x: (..., D) tokens; router_weight: (N, D), router logits = x @ router_weight.T;
    experts: N modules, each mapping (n, D) to (n, D); 1 <= k <= N. Each token goes to
    the k experts of highest router probability (softmax over all N logits), weighted by
    those k probabilities renormalized to sum to 1. Each expert runs at most once, on
    the tokens routed to it. Returns (y, aux): y like x, and aux = N * sum_i f_i * P_i,
    with f_i the fraction of the T * k assignments that go to expert i and P_i the mean
    over the T tokens of expert i's router probability."""
    # --8<-- [start:solution]
    tokens = x.reshape(-1, x.shape[-1])  # reshape, not view: x may be non-contiguous
    T, N = tokens.shape[0], router_weight.shape[0]
    probs = torch.softmax(tokens @ router_weight.T, dim=-1)  # (T, N), max subtracted
    top_p, top_i = probs.topk(k, dim=-1)  # (T, k): k distinct experts, even on ties
    gates = top_p / top_p.sum(dim=-1, keepdim=True)  # renormalized over the chosen k
    y = torch.zeros_like(tokens)
    for e, expert in enumerate(experts):
        token, slot = (top_i == e).nonzero(as_tuple=True)  # the tokens routed to e
        if token.numel():
            out = expert(tokens[token]) * gates[token, slot, None]
            y = y.index_add(0, token, out)  # add: a token gets k experts' outputs
    f = torch.bincount(top_i.flatten(), minlength=N).to(probs.dtype) / (T * k)
    aux = N * (f * probs.mean(dim=0)).sum()  # f is a count: the gradient flows via P
    return y.reshape(x.shape), aux
    # --8<-- [end:solution]


# --8<-- [start:check]
class Counted(nn.Module):  # an expert that records the rows of each call
    def __init__(self, inner):
        super().__init__()
        self.inner, self.calls = inner, []

    def forward(self, h):
        self.calls.append(h.shape[0])
        return self.inner(h)


def check(moe_forward):
    torch.manual_seed(0)
    D, N = 6, 4

    def close(got, want, case, **kw):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}", **kw)

    inner = [nn.Linear(D, D).double() for _ in range(N)]
    experts = nn.ModuleList([Counted(e) for e in inner])

    def reference(x, w, k):  # token by token; ties to the lower index (stable sort)
        tokens = x.reshape(-1, D)
        ys, f, ps = [], [0] * N, []
        for tok in tokens:
            p = torch.softmax(w @ tok, dim=0)
            chosen = sorted(range(N), key=lambda i: -p[i].item())[:k]
            gate = p[chosen] / p[chosen].sum()
            ys.append(
                sum(
                    g * inner[i](tok[None])[0]
                    for g, i in zip(gate, chosen, strict=True)
                )
            )
            ps.append(p)
            for i in chosen:
                f[i] += 1
        P = torch.stack(ps).mean(0)
        aux = N * sum(f[i] / (len(tokens) * k) * P[i] for i in range(N))
        return torch.stack(ys).reshape(x.shape), aux, f

    def grads(out, params):  # None (no path) as zeros
        got = torch.autograd.grad(out, params, retain_graph=True, allow_unused=True)
        pairs = zip(params, got, strict=True)
        return [torch.zeros_like(p) if d is None else d for p, d in pairs]

    def run(case, x, w, k, dtype=torch.float64):
        experts.to(dtype)
        for e in experts:
            e.calls = []
        x = x.to(dtype).clone().requires_grad_()
        w = w.to(dtype).clone().requires_grad_()
        x0 = x.detach().clone()
        try:
            out = moe_forward(x, w, experts, k)
        except NotImplementedError:  # the stub: not written yet
            raise
        except (RuntimeError, ValueError, IndexError, TypeError) as e:
            if x.dim() == 3:
                raise
            raise AssertionError(f"{case}: your code raised {e!r}") from e
        assert torch.equal(x.detach(), x0), f"{case}: moe_forward changed its input x"
        pair = isinstance(out, (tuple, list)) and len(out) == 2
        assert pair, f"{case}: return (y, aux)"
        y, aux = out
        assert torch.is_tensor(y), f"{case}: y is a {type(y).__name__}, want a tensor"
        assert y.shape == x.shape, f"{case}: y of shape {tuple(y.shape)}, want x's"
        assert torch.is_tensor(aux) and aux.dim() == 0, f"{case}: a 0-d aux loss"
        want_y, want_aux, counts = reference(x, w, k)
        tol = {} if dtype == torch.float64 else {"rtol": 1e-4, "atol": 1e-5}
        close(y, want_y, f"{case}: y", **tol)
        close(aux, want_aux, f"{case}: the load-balancing loss", **tol)
        for e, c in zip(experts, counts, strict=True):
            rows = sum(e.calls)
            assert len(e.calls) <= 1 and rows == c, (
                f"{case}: an expert ran {len(e.calls)} times on {rows} rows, want "
                f"once on the {c} rows routed to it"
            )
        names = ["x", "router_weight"]
        names += [f"experts.{n}" for n, _ in experts.named_parameters()]
        params = [x, w, *experts.parameters()]
        g = torch.randn_like(y)
        outs = [("y", (y * g).sum(), (want_y * g).sum()), ("aux", aux, want_aux)]
        for out, got, want in outs:
            assert got.requires_grad, f"{case}: {out} is cut from the graph"
            mine, ref = grads(got, params), grads(want, params)
            for name, a, b in zip(names, mine, ref, strict=True):
                close(a, b, f"{case}: d {out} / d {name}", **tol)
        return y, aux, w

    x = torch.randn(2, 5, D, dtype=torch.float64)  # (B, S, D): 10 tokens
    w = torch.randn(N, D, dtype=torch.float64)
    for k in [1, 2, 3]:
        run(f"k={k}", x, w, k)
    run("k=2, float32", x, w, 2, dtype=torch.float32)
    # k = N: every expert, weighted by the full softmax; f_i = 1/N, so aux = sum P = 1.
    _, aux, _ = run(f"k=N={N}", x, w, N)
    close(float(aux.detach()), 1.0, "k=N: aux = N * sum (1/N) * P_i = 1")
    # k = 1: the renormalized weight is p / p = 1, so y sends no gradient to the router.
    y, _, w1 = run("k=1, router gradient", x, w, 1)
    (gw,) = torch.autograd.grad(y.sum(), w1, allow_unused=True)
    assert gw is None or gw.abs().max() < 1e-12, "k=1: the gate weight is 1"
    # Logits near 1000 (a constant feature with weight 1000 for every expert): the
    # softmax is unchanged, but exp(1000) without the max subtracted is inf: nan.
    x1, w1000 = x.clone(), w.clone()
    x1[..., -1], w1000[:, -1] = 1.0, 1000.0
    run("router logits near 1000: subtract the max in the softmax", x1, w1000, 2)
    # Non-contiguous tokens (S and B transposed): .view raises on them.
    t = x.transpose(0, 1).contiguous().transpose(0, 1)
    assert not t.is_contiguous()
    run("non-contiguous x: reshape", t, w, 2)
    # Any number of leading dims: (T, D) and (B, 1, S, D), T counted over all of them.
    for case, xs in [
        ("x of shape (10, D): tokens (..., D), not only (B, S, D)", x.reshape(10, D)),
        ("x of shape (2, 1, 5, D): T is the product of the leading dims", x[:, None]),
    ]:
        run(case, xs, w, 2)
    # The last expert never chosen (its logits near -100): f_i is 0 there, and
    # bincount(...) without minlength=N counts only N - 1 experts.
    w_low = w.clone()
    w_low[-1, -1] = -100.0
    case = f"expert {N - 1} never chosen"
    try:
        run(case, x1, w_low, 2)
    except RuntimeError as e:
        raise AssertionError(
            f"{case}: your code raised {e}: count every expert (minlength=N)"
        ) from e
    # Ties: a zero router gives every expert 1/N. Any k distinct experts are right, so
    # y must be the mean of some k experts' outputs, exactly k per token, and aux = 1.
    experts.to(torch.float64)
    for e in experts:
        e.calls = []
    x0 = x.clone()
    y, aux = moe_forward(x, torch.zeros(N, D, dtype=torch.float64), experts, 2)
    assert torch.equal(x, x0), (
        "zero router: moe_forward changed its input x (in place?)"
    )
    close(float(aux), 1.0, "zero router (all tied): aux = 1")
    rows = sum(sum(e.calls) for e in experts)
    assert rows == 2 * 10, f"zero router, k=2: {rows} expert rows, want 2 per token"
    with torch.no_grad():
        outs = torch.stack([e(x.reshape(-1, D)) for e in inner])  # (N, T, D)
        for tok, got in enumerate(y.reshape(-1, D)):
            pairs = [
                outs[[i, j], tok].mean(0)
                for i, j in itertools.combinations(range(N), 2)
            ]
            assert any(torch.allclose(got, p) for p in pairs), (
                f"zero router, token {tok}: y is not the mean of 2 distinct experts"
            )
    print(
        "moe_forward matches the per-token loop: k = 1, 2, 3, N, ties, aux, gradients"
    )
    # > moe_forward matches the per-token loop: k = 1, 2, 3, N, ties, aux, gradients


# --8<-- [end:check]


if __name__ == "__main__":
    check(moe_forward)
