"""A SwiGLU feed-forward block from scratch, checked against one built from nn.Linear
and F.silu with the same weights."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class SwiGLU(nn.Module):
    """w2(silu(w1(x)) * w3(x)): w1 the gate and w3 the up projection, (hidden_dim, dim)
    weights each, w2 the down projection, (dim, hidden_dim); no biases. A fresh block's
    weights are random (nn.Linear's init), so that it trains."""

    def __init__(self, dim, hidden_dim):
        # --8<-- [start:solution]
        super().__init__()
        self.w1 = nn.Linear(dim, hidden_dim, bias=False)  # gate
        self.w3 = nn.Linear(dim, hidden_dim, bias=False)  # up
        self.w2 = nn.Linear(hidden_dim, dim, bias=False)  # down
        # --8<-- [end:solution]

    def forward(self, x):
        # --8<-- [start:solution]
        gate = self.w1(x)
        # silu(g) = g * sigmoid(g); torch.sigmoid is finite for any g.
        return self.w2(gate * torch.sigmoid(gate) * self.w3(x))
        # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.silu",
    "torch._C._nn.silu",
    "torch._C._nn.silu_",
    "torch.nn.SiLU",
    "torch.nn.functional.glu",  # glu(cat([g, g])) = g * sigmoid(g): SiLU again
    "torch._C._nn.glu",
    "torch.nn.GLU",
)


class Reference(nn.Module):  # Llama's FeedForward: w2(silu(w1(x)) * w3(x))
    def __init__(self, dim, hidden_dim):
        super().__init__()
        self.w1 = nn.Linear(dim, hidden_dim, bias=False)
        self.w2 = nn.Linear(hidden_dim, dim, bias=False)
        self.w3 = nn.Linear(dim, hidden_dim, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


def check(SwiGLU):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    dim, hidden = 6, 10  # not square: a transposed weight shows
    ref, ours = Reference(dim, hidden).double(), SwiGLU(dim, hidden)
    want_shapes = {k: tuple(v.shape) for k, v in ref.state_dict().items()}
    got_shapes = {k: tuple(v.shape) for k, v in ours.state_dict().items()}
    assert got_shapes == want_shapes, (
        f"state_dict {got_shapes}, want {want_shapes}: w1, w3 (hidden, dim), "
        f"w2 (dim, hidden), no biases"
    )
    # A fresh block must train: zero weights give a zero output and zero gradients,
    # constant ones make every hidden unit the same, and so do equal rows (or
    # columns); a zero row or column (nn.init.eye_ on a non-square weight) leaves a
    # unit dead. Any random init is fine: its rows and columns all differ.
    for name, w in ours.state_dict().items():
        assert w.std() > 0, (
            f"a fresh SwiGLU's {name} is constant ({w.flatten()[0].item():g}): zero or "
            "constant init never trains; keep nn.Linear's random init"
        )
        for axis, what in ((0, "rows"), (1, "columns")):
            lines = w.detach().movedim(axis, 0).flatten(1)
            zero = (lines == 0).all(dim=1).nonzero().flatten().tolist()
            assert not zero, (
                f"a fresh SwiGLU's {name} has all-zero {what} {zero[:4]}: those hidden"
                " units start dead (nn.init.eye_?); keep nn.Linear's random init"
            )
            same = torch.unique(lines, dim=0).shape[0] < lines.shape[0]
            assert not same, (
                f"a fresh SwiGLU's {name} has equal {what}: its hidden units start the"
                " same and never break symmetry; keep nn.Linear's random init"
            )
    ours.load_state_dict(ref.state_dict())  # strict: the same names and shapes
    ours.double()
    # (B, T, dim), non-contiguous: a transposed (T, B, dim) tensor.
    x = torch.randn(5, 2, dim, dtype=torch.float64).transpose(0, 1).requires_grad_()
    got = ours(x)
    want = ref(x)
    close(got, want, "w2(silu(w1 x) * w3 x): silu on the gate w1, times the up w3")
    assert got.grad_fn is not None, "the output has no grad_fn (detached?)"
    g = torch.randn_like(want)
    mine, theirs = dict(ours.named_parameters()), dict(ref.named_parameters())
    names = sorted(theirs)
    for name, a, b in zip(
        ["x", *names],
        torch.autograd.grad(got, [x, *(mine[n] for n in names)], g, allow_unused=True),
        torch.autograd.grad(want, [x, *(theirs[n] for n in names)], g),
        strict=True,
    ):
        # None: the output does not use that tensor (a copy of a weight, say).
        assert a is not None, f"gradient of {name}: None, the output does not use it"
        close(a, b, f"gradient of {name}")
    # Gate pre-activations of order 1e4: exp(1e4) is inf even in float64, so a
    # sigmoid written as exp(g) / (1 + exp(g)) gives inf / inf = nan.
    big = (1e4 * torch.randn(4, dim, dtype=torch.float64)).requires_grad_()
    got = ours(big)
    want = ref(big)
    assert torch.isfinite(got).all(), "gate pre-activations of order 1e4: not finite"
    close(got, want, "gate pre-activations of order 1e4")
    g = torch.randn_like(want)
    close(
        torch.autograd.grad(got, big, g),
        torch.autograd.grad(want, big, g),
        "gradient, gate pre-activations of order 1e4",
    )
    print("SwiGLU matches w2(silu(w1 x) * w3 x): state_dict, output, grads, 1e4 gates")
    # > SwiGLU matches w2(silu(w1 x) * w3 x): state_dict, output, grads, 1e4 gates


# --8<-- [end:check]


if __name__ == "__main__":
    check(SwiGLU)
