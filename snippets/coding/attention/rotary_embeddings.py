"""Rotary position embeddings (RoPE), checked against the complex-number form."""

import torch
from torch.overrides import TorchFunctionMode


def rope(x, positions, base=10000.0):
    """Rotate each pair (x[..., 2i], x[..., 2i+1]) by the angle p * base ** (-2i / d).

    x (..., L, d) with d even; positions (L,) ints, the absolute position of each row,
    in any order (packed sequences restart at 0). Returns a new tensor; x is unchanged.
    """
    # --8<-- [start:solution]
    d = x.size(-1)
    inv_freq = base ** (-torch.arange(0, d, 2, dtype=torch.float32) / d)  # (d/2,)
    # The angles in float32 whatever x's dtype: in bfloat16, 1000 rad is off by 2.
    angles = positions.float()[:, None] * inv_freq  # (L, d/2)
    cos, sin = angles.cos().to(x.dtype), angles.sin().to(x.dtype)
    x1, x2 = x[..., 0::2], x[..., 1::2]  # the pairs (0, 1), (2, 3), ...
    rotated = torch.stack((x1 * cos - x2 * sin, x1 * sin + x2 * cos), dim=-1)
    return rotated.flatten(-2)
    # --8<-- [end:solution]


# --8<-- [start:check]
class RealOnly(TorchFunctionMode):  # the task's rules, enforced while rope runs
    def __torch_function__(self, func, types, args=(), kwargs=None):
        name = getattr(func, "__name__", func)
        assert getattr(func, "namespace", None) != "onnx", f"calls {name}"
        out = func(*args, **(kwargs or {}))
        complex_out = isinstance(out, torch.Tensor) and out.is_complex()
        assert not complex_out, f"{name} made a complex tensor: real arithmetic only"
        return out


def check(rope):
    torch.manual_seed(0)

    def mine(x, positions, base=10000.0):
        before = x.clone()
        with RealOnly():
            out = rope(x, positions, base)
        assert torch.equal(x, before), (
            f"positions {positions.tolist()}: rope changed its input x in place (an "
            "in-place op on x or a view of it): return a new tensor"
        )
        return out

    def rope_complex(x, positions, base=10000.0):
        # Pair (x[2i], x[2i+1]) is the complex number z_i; RoPE multiplies it by
        # e^(i p theta_i): a rotation by p theta_i. Computed in complex128.
        d = x.size(-1)
        theta = base ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)
        angles = positions.double()[:, None] * theta
        z = torch.view_as_complex(x.double().unflatten(-1, (d // 2, 2)).contiguous())
        rotated = z * torch.polar(torch.ones_like(angles), angles)
        return torch.view_as_real(rotated).flatten(-2).to(x.dtype)

    def compare(case, got, want):
        causes = (
            "pairs 2i, 2i+1? base**(-2i/d)? the sign of sin (the direction)? "
            "positions used as given?"
        )
        torch.testing.assert_close(got, want, msg=lambda m: f"{case} ({causes}): {m}")

    x = torch.randn(2, 3, 5, 8)  # (B, H, L, d)
    cases = [
        ("positions 0..4", torch.arange(5), 10000.0),
        ("positions 7..11, as in a decode step", torch.arange(7, 12), 10000.0),
        ("base=500", torch.arange(5), 500.0),
        # Packed sequences restart at 0, and positions come in any order: the angle
        # of each row is its own position's, not positions[0] + the row index.
        ("packed positions [0, 1, 2, 0, 1]", torch.tensor([0, 1, 2, 0, 1]), 10000.0),
        (
            "positions in any order [9, 2, 30, 4, 7]",
            torch.tensor([9, 2, 30, 4, 7]),
            1e4,
        ),
    ]
    for case, positions, base in cases:
        compare(case, mine(x, positions, base), rope_complex(x, positions, base))
    # bfloat16 at large positions: the angles must not be computed in bfloat16. atol
    # allows the bf16 rounding of each product in x1 * cos - x2 * sin (2 ** -8).
    xb, far = x.bfloat16(), torch.arange(1000, 1005)
    torch.testing.assert_close(
        mine(xb, far),
        rope_complex(xb, far),
        atol=1e-2,
        rtol=1.6e-2,
        msg=lambda m: f"bfloat16 at positions 1000..1004 (angles in bf16?): {m}",
    )
    # The relative-position property: rope(q, m) . rope(k, n) depends on m - n only.
    # One q and one k placed at positions 0..15: the score matrix is constant along
    # each diagonal, and on the diagonal m - n it is Re sum_i zq_i conj(zk_i)
    # e^(i (m - n) theta_i), the complex form's, for all 31 offsets.
    q, k, pos = torch.randn(1, 8), torch.randn(1, 8), torch.arange(16)
    scores = mine(q.expand(16, 8), pos) @ mine(k.expand(16, 8), pos).T  # [m, n]
    torch.testing.assert_close(
        scores[1:, 1:],
        scores[:-1, :-1],
        msg=lambda m: f"q.k at (m+1, n+1) vs (m, n): not a function of m - n: {m}",
    )
    zq, zk = (torch.view_as_complex(t.double().view(4, 2)) for t in (q, k))
    theta = 10000.0 ** (-torch.arange(0, 8, 2, dtype=torch.float64) / 8)
    offsets = torch.arange(-15, 16)  # m - n
    turn = torch.polar(torch.ones(31, 4, dtype=torch.float64), offsets[:, None] * theta)
    torch.testing.assert_close(
        torch.stack([scores.diagonal(-o)[0] for o in offsets.tolist()]),
        (zq * zk.conj() * turn).sum(-1).real.float(),
        msg=lambda m: f"the score at offset m - n vs the complex form's: {m}",
    )

    # The other pairing, (i, i + d/2) (rotate_half): the same rotations on the
    # coordinates reordered evens first, then odds.
    def rope_half(x, positions, base=10000.0):
        d = x.size(-1)
        theta = base ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)
        angles = (positions.double()[:, None] * theta).repeat(1, 2)  # (L, d)
        x1, x2 = x.double().chunk(2, dim=-1)
        rotated = x.double() * angles.cos() + torch.cat((-x2, x1), -1) * angles.sin()
        return rotated.to(x.dtype)

    evens_odds = torch.cat([torch.arange(0, 8, 2), torch.arange(1, 8, 2)])
    compare(
        "rope(x)[..., evens then odds] vs rotate_half(x[..., evens then odds])",
        mine(x, torch.arange(5))[..., evens_odds],
        rope_half(x[..., evens_odds], torch.arange(5)),
    )
    print(
        "rope = the complex form: offsets, bf16, q.k = f(m - n), rotate_half permuted"
    )
    # > rope = the complex form: offsets, bf16, q.k = f(m - n), rotate_half permuted


# --8<-- [end:check]


if __name__ == "__main__":
    check(rope)
