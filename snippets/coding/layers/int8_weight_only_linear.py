"""Weight-only int8 Linear: per-output-channel symmetric quantization and the forward
from the int8 weight, checked against a float reference and its rounding bound."""

import torch
import torch.nn.functional as F


def quantize_int8(w):
    """w (out, in) float32 -> q (out, in) int8 and scale (out,) float32, with
    scale = max|w_row| / 127 (each nonzero row's own, however small) and
    q = round(w / scale) clamped to [-127, 127]."""
    # --8<-- [start:solution]
    amax = w.abs().amax(dim=1)  # one scale per output row, from max |w|, not max w
    # An all-zero row: 0 / 0 is nan. Any positive scale gives it q = 0; take 1.
    scale = torch.where(amax > 0, amax / 127, torch.ones_like(amax))
    q = torch.round(w / scale[:, None]).clamp(-127, 127)  # to nearest, not truncated
    return q.to(torch.int8), scale
    # --8<-- [end:solution]


def int8_linear(x, q, scale, bias=None):
    """y = x @ (q * scale[:, None]).T + bias for x (*, in) float32 or bfloat16;
    returns x's dtype."""
    # --8<-- [start:solution]
    dtype = x.dtype  # bfloat16 computed in float32 and rounded once, as F.linear does
    # scale belongs to an output row, so it factors out of each dot product:
    # multiply by the int8 values, then rescale each output once.
    y = (x.float() @ q.T.float()) * scale
    if bias is not None:
        y = y + bias.float()
    return y.to(dtype)
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.quantize_per_channel",
    "torch.fake_quantize_per_channel_affine",
    "torch._weight_int8pack_mm",
    "torch.ao.quantization.PerChannelMinMaxObserver",
    "torch.ao.quantization.observer.PerChannelMinMaxObserver",
)


def check(quantize_int8, int8_linear):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    # Rows of very different sizes (one scale per tensor rounds the small ones to
    # 0), a row whose largest |w| is negative, an all-zero row, a single entry, and a
    # row of order 1e-6 (a clamp of max |w| "against 0", at 1e-4, say, changes its
    # scale: only the all-zero row needs a scale of its own).
    w = torch.randn(8, 16)
    w[:4] *= torch.tensor([1e-3, 1.0, 10.0, 100.0])[:, None]
    w[4] = torch.rand(16) * 2 - 1
    w[4, 3] = -50.0  # max w is about 1, max |w| is 50
    w[5] = 0.0
    w[6] = 0.0
    w[6, 7] = 3.0
    w[7] *= 1e-6
    bias = torch.randn(8)
    # Rows far below any usual floor (1e-8, float32's eps) but with normal scales: a
    # clamp or an epsilon on max |w| changes their scale and q.
    tiny = torch.randn(4, 16) * torch.tensor([1e-9, 1e-10, 1e-20, 1e-30])[:, None]
    weights = {
        "8 x 16 rows of mixed sizes": w,
        "48 x 64 randn": torch.randn(48, 64),
        "4 x 16 rows of order 1e-9, 1e-10, 1e-20, 1e-30": tiny,
    }
    for name, w in weights.items():
        w0 = w.clone()
        got = quantize_int8(w)
        assert isinstance(got, tuple) and len(got) == 2, "return (q, scale)"
        q, scale = got
        assert torch.equal(w, w0), f"{name}: quantize_int8 changed w"
        assert q.dtype == torch.int8, (
            f"{name}: q is {q.dtype}; want torch.int8, 1 byte per weight"
        )
        assert q.shape == w.shape, f"{name}: q {tuple(q.shape)}, w {tuple(w.shape)}"
        assert scale.shape == (w.shape[0],), (
            f"{name}: scale {tuple(scale.shape)}, want ({w.shape[0]},): one per row"
        )
        assert scale.dtype == torch.float32, f"{name}: scale is {scale.dtype}"
        assert torch.isfinite(scale).all() and (scale > 0).all(), (
            f"{name}: scale {scale.tolist()}: every scale finite and positive; likely "
            f"cause: an all-zero row, max |w| = 0, needs a scale of its own (1, say)"
        )
        # End to end, against the float weight: rounding to nearest moves each
        # weight by at most half a step, max|w_row| / 254, so each output moves by
        # at most that times sum |x| (plus float32 rounding).
        amax = w.abs().amax(dim=1)
        x = torch.randn(6, w.shape[1])
        b = bias if w.shape[0] == 8 else None
        y = int8_linear(x, q, scale, b)
        y_float = F.linear(x.double(), w.double(), None if b is None else b.double())
        step = amax.double() / 127
        bound = step / 2 * x.double().abs().sum(dim=1, keepdim=True)
        slack = 1e-5 * (x.double().abs() @ w.double().abs().T + 1)
        if b is not None:
            slack = slack + 1e-5 * b.double().abs()
        over = (y.double() - y_float).abs() - bound - slack
        assert (over <= 0).all(), (
            f"{name}: |y - (x @ w.T + b)| exceeds max|w_row| / 254 * sum |x| by up "
            f"to {over.max():.3g}; likely cause: one scale per tensor (small rows "
            f"round to 0), max w for max |w|, a scale or the bias left out of y"
        )
        rows = amax > 0
        why = (
            f"{name}: scale = max |w| / 127 per output row, each nonzero row its own"
            " (no clamp or epsilon on max |w|)"
        )
        torch.testing.assert_close(  # relative only: the row of 1e-6 counts too
            scale[rows],
            (amax / 127)[rows],
            rtol=1.3e-6,
            atol=0,
            msg=lambda m, why=why: f"{why}: {m}",
        )
        # The reference: w / scale rounded to the nearest integer. Where w / scale
        # lies within 1e-3 of a half-integer, the two integers around it are both
        # accepted: round-half-even or half-up, and w * (127 / max|w|), round there.
        t = w.double() / torch.where(rows, amax / 127, 1.0).double()[:, None]
        tie = (t - t.floor() - 0.5).abs() < 1e-3
        ok = torch.where(tie, (q - t).abs() < 1, q == t.round().clamp(-127, 127))
        bad = (~ok).nonzero()[:3].tolist()
        assert ok.all(), (
            f"{name}: q at (row, col) {bad} is {[q[i, j].item() for i, j in bad]}, "
            f"want {[t[i, j].round().item() for i, j in bad]}; likely cause: "
            f"truncation (.to(torch.int8) rounds toward 0), or a scale other than"
            f" the row's max |w| / 127"
        )

    # The forward alone, on the reference's q and scale: x (*, in) of any strides,
    # float32 and bfloat16, with and without bias. Reference: F.linear on the
    # dequantized weight in float64.
    w = weights["8 x 16 rows of mixed sizes"]
    amax = w.abs().amax(dim=1)
    ref_scale = torch.where(amax > 0, amax / 127, 1.0)
    ref_q = torch.round(w / ref_scale[:, None]).clamp(-127, 127).to(torch.int8)
    dequant = ref_q.float() * ref_scale[:, None]
    xs = {
        "x (5, 16)": torch.randn(5, 16),
        "x (2, 3, 16), transposed": torch.randn(3, 2, 16).transpose(0, 1),
        "x (16,), no batch dim": torch.randn(16),  # (*, in) with * empty
    }
    for xname, x in xs.items():
        for dtype in [torch.float32, torch.bfloat16]:
            for b in [bias, None]:
                case = f"{xname}, {dtype}, bias={b is not None}"
                xd = x.to(dtype)
                bd = None if b is None else b.to(dtype)
                got = int8_linear(xd, ref_q, ref_scale, bd)
                assert got.dtype == dtype, f"{case}: {got.dtype} out, want {dtype}"
                assert got.shape == (*x.shape[:-1], 8), f"{case}: {tuple(got.shape)}"
                bf = None if bd is None else bd.double()
                want = F.linear(xd.double(), dequant.double(), bf)
                # float32 sums in any order (scale before or after the matmul) are
                # about 1e-7 of sum |x_j w_j| apart; then assert_close's rtol for
                # the dtype (bfloat16: 1.6e-2, the one rounding to bfloat16).
                terms = xd.double().abs() @ dequant.double().abs().T
                rtol = {torch.float32: 1.3e-6, torch.bfloat16: 1.6e-2}[dtype]
                err = (got.double() - want).abs()
                limit = 1e-5 * (terms + 1) + rtol * want.abs()
                assert (err <= limit).all(), (
                    f"{case}: y off x @ (q * scale[:, None]).T + bias by up to "
                    f"{(err - limit).max():.3g} past float32 rounding; likely cause: "
                    f"the bias, the scale's axis, bfloat16 arithmetic, or a second "
                    f"rounding (the bias added after the cast to bfloat16)"
                )
    print("int8 weight-only linear: y within rounding of x @ w.T, q exact, per row")
    # > int8 weight-only linear: y within rounding of x @ w.T, q exact, per row


# --8<-- [end:check]


if __name__ == "__main__":
    check(quantize_int8, int8_linear)
