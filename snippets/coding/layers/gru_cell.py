"""A GRU cell from scratch, checked against nn.GRUCell with the same weights."""

import torch
import torch.nn as nn


def gru_cell(x, h, weight_ih, weight_hh, bias_ih=None, bias_hh=None):
    """One step of nn.GRUCell: x (B, I), h (B, H) or None for zeros (on x's device
    and dtype), weight_ih (3H, I) and weight_hh (3H, H) with rows in the order r, z,
    n, biases (3H,) or None, each on its own. Returns h' (B, H), finite for inputs of
    any size, its gradients too."""
    # --8<-- [start:solution]
    if h is None:
        h = x.new_zeros(x.shape[0], weight_hh.shape[1])
    gi = x @ weight_ih.T
    gh = h @ weight_hh.T
    if bias_ih is not None:
        gi = gi + bias_ih
    if bias_hh is not None:
        gh = gh + bias_hh
    (i_r, i_z, i_n), (h_r, h_z, h_n) = gi.chunk(3, dim=1), gh.chunk(3, dim=1)
    r = torch.sigmoid(i_r + h_r)  # reset gate
    z = torch.sigmoid(i_z + h_z)  # update gate
    n = torch.tanh(i_n + r * h_n)  # r scales W_hn h + b_hn, its bias included
    return (1 - z) * n + z * h
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.gru_cell",
    "torch._VF.gru_cell",
    "torch.gru",
    "torch._VF.gru",
    "torch.nn.GRUCell",
    "torch.nn.GRU",
    "torch._decomp.decompositions.gru_cell_data",  # torch's own Python version
)


def check(gru_cell):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    def gradients(got, want, inputs, case, finite=False):
        # Each input's gradient through h', paired with torch's by name.
        g = torch.randn_like(want)
        for name, a, b in zip(
            inputs,
            torch.autograd.grad(got, list(inputs.values()), g, allow_unused=True),
            torch.autograd.grad(want, list(inputs.values()), g),
            strict=True,
        ):
            where = f"{case}, gradient of {name}"
            assert a is not None, f"{where}: None, h' does not use {name}"
            assert not finite or torch.isfinite(a).all(), (
                f"{where}: not finite, nn.GRUCell's is: a sigmoid or tanh written from"
                " exp has a nan gradient where it saturates; use torch.sigmoid and"
                " torch.tanh"
            )
            close(a, b, where)

    # I = 3, H = 5: a zero state of x's shape is the wrong shape. B = 2, then 3: a
    # zero state kept from an earlier call has the wrong batch size.
    for bias, batch in [(True, 2), (False, 3)]:
        ref = nn.GRUCell(3, 5, bias=bias).double()
        params = dict(ref.named_parameters())
        names = ["weight_ih", "weight_hh", "bias_ih", "bias_hh"]
        args = [params.get(n) for n in names]  # bias=False: None
        xs = torch.randn(4, batch, 3, dtype=torch.float64, requires_grad=True)
        got = want = None  # h None: zeros
        for t in range(4):  # unrolled: the state carries errors forward
            got = gru_cell(xs[t], got, *args)
            want = ref(xs[t], want)
            close(
                got,
                want,
                f"bias={bias}, step {t}: gates r, z, n; n = tanh(W_in x + b_in + "
                f"r * (W_hn h + b_hn)); h' = (1 - z) n + z h",
            )
        # Gradients through the 4 steps, each paired with torch's by name.
        inputs = {"x": xs, **params}
        assert got.grad_fn is not None, f"bias={bias}: h' has no grad_fn (detached?)"
        gradients(got, want, inputs, f"bias={bias}, through 4 steps")
    # One bias without the other: each is added when given, independently (the other
    # one zero is the same cell).
    for given in ("bias_ih", "bias_hh"):
        ref = nn.GRUCell(3, 5).double()
        with torch.no_grad():
            getattr(ref, "bias_hh" if given == "bias_ih" else "bias_ih").zero_()
        args = [ref.weight_ih, ref.weight_hh, ref.bias_ih, ref.bias_hh]
        args[3 if given == "bias_ih" else 2] = None
        x = torch.randn(2, 3, dtype=torch.float64)
        with torch.no_grad():
            h0 = torch.randn(2, 5, dtype=torch.float64)
            case = (
                f"only {given} given, the other None: add each bias that is given"
                " (both None or both given is not the only case)"
            )
            try:
                got = gru_cell(x, h0, *args)
            except (AssertionError, NotImplementedError):
                raise
            except Exception as e:
                raise AssertionError(f"{case}: your code raised {e!r}") from e
            close(got, ref(x, h0), case)
    # Pre-activations of order 1e4: the gates saturate at 0 and 1, and stay finite,
    # their gradients too. A sigmoid written exp(v) / (1 + exp(v)) or 1 / (1 + exp(-v)),
    # or a tanh from exp, is inf / inf = nan, in the value or in its gradient.
    ref = nn.GRUCell(3, 5).double()
    params = dict(ref.named_parameters())
    args = [params[n] for n in ["weight_ih", "weight_hh", "bias_ih", "bias_hh"]]
    x = (1e4 * torch.randn(2, 3, dtype=torch.float64)).requires_grad_()
    got = want = None
    for t in range(2):
        got, want = gru_cell(x, got, *args), ref(x, want)
        close(
            got.detach(),
            want.detach(),
            f"x of order 1e4, step {t}: sigmoid or tanh from exp overflows (nan);"
            " use torch.sigmoid and torch.tanh",
        )
    inputs = {"x": x, **params}
    gradients(got, want, inputs, "x of order 1e4, through 2 steps", finite=True)
    # The zero state on x's device: x on the meta device (shapes, no data) stands in
    # for a CUDA x. Zeros made without device= are on the CPU: the matmul raises.
    meta = [a.detach().to("meta") for a in args]
    try:
        out = gru_cell(torch.empty(2, 3, device="meta"), None, *meta)
    except AssertionError:
        raise
    except Exception as e:  # an op without a meta kernel: nothing to tell here
        if isinstance(e, NotImplementedError) or "device" not in str(e):
            out = None
        else:
            raise AssertionError(
                f"x on the meta device, h=None: {e}: make the zero state on x's"
                " device, x.new_zeros(B, H) or device=x.device"
            ) from None
    if out is not None:
        assert out.device.type == "meta", (
            f"x on the meta device, h=None: h' on {out.device}: keep x's device"
        )
    print("gru_cell matches nn.GRUCell: r, z, n, h=None, no bias, 4 steps, gradients")
    # > gru_cell matches nn.GRUCell: r, z, n, h=None, no bias, 4 steps, gradients


# --8<-- [end:check]


if __name__ == "__main__":
    check(gru_cell)
