"""An Elman RNN cell from scratch, checked against nn.RNNCell with the same weights."""

import torch
import torch.nn as nn


def rnn_cell(
    x, h, weight_ih, weight_hh, bias_ih=None, bias_hh=None, nonlinearity="tanh"
):
    """One step of nn.RNNCell: x (B, I), h (B, H) or None for zeros, weight_ih (H, I),
    weight_hh (H, H), biases (H,) or None, nonlinearity "tanh" or "relu".
    Returns h' (B, H), finite for large pre-activations, on x's device."""
    # --8<-- [start:solution]
    if h is None:
        h = x.new_zeros(x.shape[0], weight_hh.shape[1])
    pre = x @ weight_ih.T + h @ weight_hh.T
    if bias_ih is not None:
        pre = pre + bias_ih
    if bias_hh is not None:
        pre = pre + bias_hh
    if nonlinearity == "tanh":
        return torch.tanh(pre)
    if nonlinearity == "relu":
        return torch.relu(pre)
    raise ValueError(f"unknown nonlinearity: {nonlinearity!r}")
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.rnn_tanh_cell",
    "torch.rnn_relu_cell",
    "torch._VF.rnn_tanh_cell",
    "torch._VF.rnn_relu_cell",
    "torch.rnn_tanh",
    "torch.rnn_relu",
    "torch.nn.RNNCell",
    "torch.nn.RNN",
)


def check(rnn_cell):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    # I = 3, H = 5: a zero state of x's shape is the wrong shape. B = 2, then 3: a
    # zero state kept from an earlier call has the wrong batch size. The biases are
    # drawn away from zero, so dropping either one shows.
    cases = [
        ("tanh", True, 2),
        ("relu", True, 3),
        ("tanh", False, 3),
        ("relu", False, 2),
    ]
    for nl, bias, batch in cases:
        ref = nn.RNNCell(3, 5, bias=bias, nonlinearity=nl).double()
        params = dict(ref.named_parameters())
        with torch.no_grad():
            for name, p in params.items():
                if name.startswith("bias"):
                    p.copy_(torch.rand_like(p) + 0.5)
        names = ["weight_ih", "weight_hh", "bias_ih", "bias_hh"]
        args = [params.get(n) for n in names]  # bias=False: None
        xs = torch.randn(4, batch, 3, dtype=torch.float64, requires_grad=True)
        got = want = None  # h None: zeros
        for t in range(4):  # unrolled: the state carries errors forward
            got = rnn_cell(xs[t], got, *args, nonlinearity=nl)
            want = ref(xs[t], want)
            close(
                got,
                want,
                f"{nl}, bias={bias}, step {t}: h' = {nl}(x W_ih^T + b_ih + "
                f"h W_hh^T + b_hh), both biases, the nonlinearity asked for",
            )
        # Gradients through the 4 steps, each paired with torch's by name.
        inputs = {"x": xs, **params}
        assert got.grad_fn is not None, (
            f"{nl}, bias={bias}: h' has no grad_fn (detached?)"
        )
        g = torch.randn_like(want)
        for name, a, b in zip(
            inputs,
            torch.autograd.grad(got, list(inputs.values()), g, allow_unused=True),
            torch.autograd.grad(want, list(inputs.values()), g),
            strict=True,
        ):
            case = f"{nl}, bias={bias}, gradient of {name} through 4 steps"
            assert a is not None, f"{case}: None, h' does not use {name}"
            close(a, b, case)
    # Pre-activations of order 1e4: exp(1e4) is inf in float64 (from 710), and a tanh
    # written as (e^a - e^-a) / (e^a + e^-a) is inf / inf = nan; torch's is +-1.
    ref = nn.RNNCell(3, 5).double()
    big = torch.randn(2, 3, dtype=torch.float64) * 1e4
    with torch.no_grad():
        args = [ref.weight_ih, ref.weight_hh, ref.bias_ih, ref.bias_hh]
        close(
            rnn_cell(big, None, *args),
            ref(big),
            "pre-activations of order 1e4: a tanh written with exp overflows "
            "(inf / inf = nan); torch.tanh saturates at +-1",
        )
    # The zero state on x's device: run on the meta device (shapes only), where a state
    # made on the CPU (torch.zeros without device=) fails as it does on CUDA.
    meta = [a.detach().to("meta") for a in [big, *args]]
    try:
        out = rnn_cell(meta[0], None, *meta[1:])
    except Exception as e:
        if "device" in str(e):
            raise AssertionError(
                f"x on another device (meta, as CUDA), h=None: {e}: make the zero "
                "state on x's device, x.new_zeros(B, H)"
            ) from None
        out = None  # an op the meta device lacks, which ran on the CPU above: no fault
    assert out is None or out.device == meta[0].device, (
        f"x on the meta device (as CUDA), h=None: h' on {out.device}: the zero state "
        "on x's device, x.new_zeros(B, H)"
    )
    print("rnn_cell matches nn.RNNCell: tanh, relu, h=None, no bias, 4 steps, grads")
    # > rnn_cell matches nn.RNNCell: tanh, relu, h=None, no bias, 4 steps, grads


# --8<-- [end:check]


if __name__ == "__main__":
    check(rnn_cell)
