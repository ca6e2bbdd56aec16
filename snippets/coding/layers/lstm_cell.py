"""An LSTM cell from scratch, checked against nn.LSTMCell with its weights loaded."""

import math

import torch
import torch.nn as nn


class LSTMCell(nn.Module):
    """nn.LSTMCell's parameters (weight_ih (4H, I), weight_hh (4H, H), bias_ih and
    bias_hh (4H,), each U(-1/sqrt(H), 1/sqrt(H))), so that its state_dict loads.
    forward(x (B, I), state=(h, c) or None for zeros on x's device, at every call)
    returns (h', c'). Tensor ops only, not a subclass of nn.LSTMCell."""

    def __init__(self, input_size, hidden_size):
        # --8<-- [start:solution]
        super().__init__()
        self.hidden_size = hidden_size
        bound = 1 / math.sqrt(hidden_size)

        def param(*shape):
            return nn.Parameter(torch.empty(shape).uniform_(-bound, bound))

        self.weight_ih = param(4 * hidden_size, input_size)
        self.weight_hh = param(4 * hidden_size, hidden_size)
        self.bias_ih = param(4 * hidden_size)
        self.bias_hh = param(4 * hidden_size)
        # --8<-- [end:solution]

    def forward(self, x, state=None):
        # --8<-- [start:solution]
        if state is None:
            zeros = x.new_zeros(x.shape[0], self.hidden_size)
            state = (zeros, zeros)
        h, c = state
        gates = (
            x @ self.weight_ih.T + self.bias_ih + h @ self.weight_hh.T + self.bias_hh
        )
        # The rows of the weights are stacked in the order i, f, g, o.
        i, f, g, o = gates.chunk(4, dim=1)
        i, f, g, o = i.sigmoid(), f.sigmoid(), g.tanh(), o.sigmoid()
        c = f * c + i * g  # forget part of the old cell, write the new candidate
        h = o * c.tanh()
        return h, c
        # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.lstm_cell",
    "torch._VF.lstm_cell",
    "torch.lstm",
    "torch._VF.lstm",
    "torch.nn.LSTMCell",
    "torch.nn.LSTM",
    "torch._decomp.decompositions.lstm_cell",  # torch's own Python version
)


def check(LSTMCell):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    # A subclass of torch's cell that adds nothing calls no forbidden name from the
    # reader's file: its class tells.
    assert not issubclass(LSTMCell, (nn.RNNCellBase, nn.RNNBase)), (
        "LSTMCell subclasses torch's nn.LSTMCell (or an RNN module): Tensor ops only,"
        " subclass nn.Module"
    )
    # The initialization, on a cell with enough values to test: each parameter's
    # values inside [-1/sqrt(H), 1/sqrt(H)] and spread uniformly over it (the
    # Kolmogorov-Smirnov distance to U's CDF under 2.7 / sqrt(n): false alarm ~1e-6).
    big, bound = LSTMCell(16, 64), 1 / 64**0.5
    for name, p in nn.LSTMCell(16, 64).named_parameters():
        q = getattr(big, name).detach().flatten().double()
        assert q.shape == p.flatten().shape, f"{name}: shape, want {tuple(p.shape)}"
        assert q.abs().max() <= bound, f"{name}: not inside +-1/sqrt(H) (H, not I)"
        u, n = ((q.sort().values + bound) / (2 * bound)), q.numel()
        ks = torch.maximum(torch.arange(1, n + 1) / n - u, u - torch.arange(n) / n)
        assert ks.max() < 2.7 / n**0.5, (
            f"{name}: values not spread as U(-1/sqrt(H), 1/sqrt(H)), KS distance "
            f"{ks.max():.3f}: zeros, randn or U(0, bound)?"
        )
    ref = nn.LSTMCell(3, 5).double()
    ours = LSTMCell(3, 5)
    for name, p in ref.named_parameters():
        q = getattr(ours, name)
        assert q.shape == p.shape, f"{name}: shape {tuple(q.shape)}, want {p.shape}"
    ours.load_state_dict(ref.state_dict())  # strict: the same names and shapes
    ours.double()
    xs = torch.randn(4, 2, 3, dtype=torch.float64, requires_grad=True)  # (T, B, I)
    got = want = None  # state None: zeros
    for t in range(4):  # unrolled: the state carries errors forward
        got, want = ours(xs[t], got), ref(xs[t], want)
        close(
            got[1],
            want[1],
            f"step {t}: c' = f c + i g (gate order i, f, g, o; sigmoid on i, f, o,"
            " tanh on g; both biases)",
        )
        close(got[0], want[0], f"step {t}: h' = o tanh(c')")
    loss_ours = got[0].pow(2).sum() + got[1].sum()
    loss_ref = want[0].pow(2).sum() + want[1].sum()
    # Each gradient paired with torch's by the parameter's name, not by its order.
    names = ["x", *(name for name, _ in ref.named_parameters())]
    mine, theirs = (
        {"x": xs, **dict(ours.named_parameters())},
        {"x": xs, **dict(ref.named_parameters())},
    )
    for name, g, w in zip(
        names,
        torch.autograd.grad(loss_ours, [mine[n] for n in names]),
        torch.autograd.grad(loss_ref, [theirs[n] for n in names]),
        strict=True,
    ):
        close(g, w, f"gradient of {name} through 4 steps")
    # state=None starts every sequence from zeros, a second one on the same cell too:
    # not from a state the cell kept from an earlier call.
    with torch.no_grad():
        x = torch.randn(2, 3, dtype=torch.float64)
        for name, g, w in zip("hc", ours(x), ref(x), strict=True):
            close(g, w, f"a second sequence, state=None: {name} (zeros, not kept)")
    # The zero state on x's device: x on the meta device (shapes, no data) stands in
    # for a CUDA x. Zeros made without device= are on the CPU: the matmul raises.
    cell = LSTMCell(3, 5).to("meta")
    try:
        out = cell(torch.empty(2, 3, device="meta"))
    except AssertionError:
        raise
    except Exception as e:  # an op without a meta kernel: nothing to tell here
        if isinstance(e, NotImplementedError) or "device" not in str(e):
            out = None
        else:
            raise AssertionError(
                f"cell.to('meta'), x on the meta device, state=None: {e}: make the zero"
                " state on x's device, x.new_zeros(B, H) or device=x.device (and keep"
                " every tensor a parameter or buffer, so that .to() moves it)"
            ) from None
    for name, t in zip("hc", out or (), strict=True):
        assert t.device.type == "meta", (
            f"x on the meta device, state=None: {name}' on {t.device}: keep x's device"
        )
    print("LSTMCell matches nn.LSTMCell: init, state_dict, 4 steps, h and c, gradients")
    # > LSTMCell matches nn.LSTMCell: init, state_dict, 4 steps, h and c, gradients


# --8<-- [end:check]


if __name__ == "__main__":
    check(LSTMCell)
