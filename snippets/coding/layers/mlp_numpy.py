"""A two-layer MLP's forward and backward in plain NumPy, checked against
torch.autograd."""

import numpy as np


def mlp_forward_backward(x, y, W1, b1, W2, b2):
    """logits = relu(x @ W1.T + b1) @ W2.T + b2; loss = the mean cross-entropy of the
    N rows against the integer labels y. x (N, D), W1 (H, D), b1 (H,), W2 (C, H),
    b2 (C,), float64. Returns (loss, dW1, db1, dW2, db2): the loss as a float and its
    gradients, each in its parameter's shape."""
    # --8<-- [start:solution]
    n = x.shape[0]
    z = x @ W1.T + b1  # (N, H) pre-activations, kept for the ReLU's backward
    h = np.maximum(z, 0)
    logits = h @ W2.T + b2  # (N, C)
    # log-softmax with the row max subtracted: exp never overflows
    shifted = logits - logits.max(axis=1, keepdims=True)
    logp = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    rows = np.arange(n)
    loss = -logp[rows, y].mean()
    # d loss / d logits = (softmax - one_hot(y)) / N: the mean brings the 1 / N
    dlogits = np.exp(logp)
    dlogits[rows, y] -= 1
    dlogits /= n
    dW2 = dlogits.T @ h  # (C, H): the same (out, in) layout as W2
    db2 = dlogits.sum(axis=0)
    dh = dlogits @ W2  # (N, H)
    dz = dh * (z > 0)  # ReLU passes the gradient where z > 0; at z = 0, none (as torch)
    dW1 = dz.T @ x  # (H, D)
    db1 = dz.sum(axis=0)
    return float(loss), dW1, db1, dW2, db2
    # --8<-- [end:solution]


# --8<-- [start:check]
def check(mlp_forward_backward):
    import sys
    import types

    import torch
    import torch.nn.functional as F

    torch.manual_seed(0)
    rng = np.random.default_rng(0)

    # Plain NumPy: the module defines no torch name, and the function runs with
    # torch hidden (an import inside it fails).
    def origin(v):  # the package a module, or a function or class, comes from
        module = isinstance(v, types.ModuleType)
        name = v.__name__ if module else getattr(v, "__module__", "")
        return (name or "").split(".")[0]

    used = sorted(
        k
        for k, v in mlp_forward_backward.__globals__.items()
        if (isinstance(v, types.ModuleType) or callable(v)) and origin(v) == "torch"
    )
    assert not used, f"the function's module uses torch ({used}): NumPy only"

    def run(case, x, y, params):
        inputs = {"x": x, "y": y, **params}  # the caller's own arrays, not copies
        saved = {k: v.copy() for k, v in inputs.items()}
        torch_module = sys.modules["torch"]
        sys.modules["torch"] = None  # `import torch` raises ImportError
        try:
            got = mlp_forward_backward(*inputs.values())
        except ImportError as e:
            raise AssertionError(f"{case}: imports torch ({e}): NumPy only") from None
        finally:
            sys.modules["torch"] = torch_module
        for k, v in inputs.items():
            assert np.array_equal(v, saved[k]), f"{case}: changed {k} in place"
        assert isinstance(got, tuple) and len(got) == 5, (
            f"{case}: return (loss, dW1, db1, dW2, db2)"
        )
        return got

    def reference(x, y, params):
        t = {k: torch.tensor(v, requires_grad=True) for k, v in params.items()}
        h = F.relu(F.linear(torch.tensor(x), t["W1"], t["b1"]))
        loss = F.cross_entropy(F.linear(h, t["W2"], t["b2"]), torch.tensor(y))
        loss.backward()
        return loss.item(), {k: v.grad.numpy() for k, v in t.items()}

    def compare(case, x, y, params, loss_cause="the mean over rows, not the sum"):
        got = run(case, x, y, params)
        want_loss, want = reference(x, y, params)
        loss = got[0]
        assert isinstance(loss, float), (
            f"{case}: the loss is a {type(loss).__name__} of shape {np.shape(loss)}; "
            f"want a float (float(loss))"
        )
        assert np.isfinite(float(loss)), (
            f"{case}: loss {float(loss)}; likely cause: exp of large logits "
            f"overflows, subtract each row's max first; or log(softmax), log 0 where "
            f"a probability underflows: take shifted - log(sum(exp(shifted)))"
        )
        assert np.isclose(float(loss), want_loss, rtol=1e-9, atol=1e-12), (
            f"{case}: loss {float(loss)!r}, want {want_loss!r}; likely cause: "
            f"{loss_cause}"
        )
        # In the backward's order: the first mismatch is nearest the mistake.
        causes = {
            "b2": "d logits = (softmax - one_hot(y)) / N: the one-hot, the 1 / N",
            "W2": "dW2 = d logits.T @ h, with h after the ReLU",
            "b1": "the ReLU mask z > 0 (torch passes no gradient at z = 0)",
            "W1": "dW1 = dz.T @ x",
        }
        grads = dict(zip(["W1", "b1", "W2", "b2"], got[1:], strict=True))
        for name, cause in causes.items():
            g = grads[name]
            assert isinstance(g, np.ndarray), (
                f"{case}: d{name} is {type(g).__name__}, want a NumPy array"
            )
            assert g.shape == params[name].shape, (
                f"{case}: d{name} has shape {g.shape}, want {params[name].shape}, "
                f"{name}'s own (weights are (out, in), as in nn.Linear)"
            )
            torch.testing.assert_close(
                torch.from_numpy(np.asarray(g, dtype=np.float64)),
                torch.from_numpy(want[name]),
                msg=lambda m, name=name, cause=cause: (
                    f"{case}: d{name} vs torch.autograd; likely cause: {cause}: {m}"
                ),
            )

    n, d, hidden, c = 7, 5, 6, 4  # all different: a transposed gradient cannot fit
    params = {
        "W1": rng.standard_normal((hidden, d)),
        "b1": rng.standard_normal(hidden),
        "W2": rng.standard_normal((c, hidden)),
        "b2": rng.standard_normal(c),
    }
    x, y = rng.standard_normal((n, d)), rng.integers(0, c, n)
    compare("N=7, D=5, H=6, C=4", x, y, params)
    compare("one row", x[:1], y[:1], params)
    # Logits of order 1e3: exp overflows float64 above 709.
    big = {**params, "W2": params["W2"] * 1e3}
    compare(
        "logits of order 1e3",
        x,
        y,
        big,
        "log(softmax + eps): a probability that underflows to 0 gives -log(eps), not"
        " the row's loss; take shifted - log(sum(exp(shifted)))",
    )
    # A pre-activation exactly 0 (a zero row of x, b1[0] = 0): torch's ReLU passes
    # no gradient there, so db1[0] leaves it out; a z >= 0 mask puts it in.
    x0 = x.copy()
    x0[0] = 0.0
    b1 = params["b1"].copy()
    b1[0] = 0.0
    compare("a pre-activation exactly 0", x0, y, {**params, "b1": b1})
    print("mlp_forward_backward matches torch.autograd: loss, 4 grads, large logits")
    # > mlp_forward_backward matches torch.autograd: loss, 4 grads, large logits


# --8<-- [end:check]


if __name__ == "__main__":
    check(mlp_forward_backward)
