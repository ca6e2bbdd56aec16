"""Gradient clipping by the global norm, checked against
torch.nn.utils.clip_grad_norm_."""

import math

import torch


def clip_grad_norm_(parameters, max_norm, norm_type=2.0):
    """Scale every .grad in place by min(1, max_norm / (total + 1e-6)), where total is
    the norm_type-norm of all the gradients taken as one vector (inf: the largest |g|).
    parameters: a tensor or an iterable (a generator too); a .grad that is None stays
    None. Returns total, unclipped, in the gradients' dtype."""
    # --8<-- [start:solution]
    if isinstance(parameters, torch.Tensor):
        parameters = [parameters]
    # Read parameters once, into a list: model.parameters() is a generator, and a
    # second loop over it would find nothing.
    grads = [p.grad for p in parameters if p.grad is not None]
    if not grads:
        return torch.tensor(0.0)
    # The norm of the per-tensor norms is the norm of everything concatenated.
    norms = torch.stack([torch.linalg.vector_norm(g, norm_type) for g in grads])
    total = torch.linalg.vector_norm(norms, norm_type)
    coef = (max_norm / (total + 1e-6)).clamp(max=1.0)  # never scale up
    for g in grads:
        g.mul_(coef)
    return total
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.utils.clip_grad_norm_",
    "torch.nn.utils.clip_grad.clip_grad_norm_",
    "torch.nn.utils.clip_grads_with_norm_",
    "torch.nn.utils.get_total_norm",
)


def check(clip_grad_norm_):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    shapes = [(3, 4), (4,), (2, 2), (5,)]
    base = [torch.randn(s, dtype=torch.float64) for s in shapes]
    each = [g.norm().item() for i, g in enumerate(base) if i != 2]  # 2 is frozen
    total = math.sqrt(sum(n * n for n in each))
    cases = [  # (max_norm, norm_type, scale of the gradients)
        (0.5 * total, 2.0, 1.0),  # clipped
        (max(each) * 1.01, 2.0, 1.0),  # no tensor over max_norm, the total is: clipped
        (10 * total, 2.0, 1.0),  # under max_norm: unchanged, not scaled up
        (0.5, float("inf"), 1.0),
        (1.0, 3.0, 1.0),
        (1e-7, 2.0, 1e-6 / total),  # a total of 1e-6: the + 1e-6 halves the coef
        # float64 gradients of ~1e39, past float32's range (3.4e38): in float32 the
        # norms are inf and every gradient is scaled to 0.
        (1.0, 2.0, 1e39),
        (1.0, float("inf"), 1e39),
    ]
    for max_norm, norm_type, scale in cases:
        case = f"max_norm={max_norm:.3g}, norm_type={norm_type}, grads x{scale:.3g}"
        if scale > 1e38:
            case += (
                " (float64 gradients past float32's range: norms taken in float32? "
                "take them in the gradients' dtype)"
            )
        mine = [torch.zeros_like(g, requires_grad=True) for g in base]
        ref = [torch.zeros_like(g, requires_grad=True) for g in base]
        for p, q, g in zip(mine, ref, base, strict=True):
            p.grad, q.grad = g * scale, g * scale
        mine[2].grad = ref[2].grad = None  # a frozen parameter: skipped
        held = [p.grad for p in mine]  # what a hook or a bucket view keeps
        got = clip_grad_norm_((p for p in mine), max_norm, norm_type)  # a generator
        want = torch.nn.utils.clip_grad_norm_(ref, max_norm, norm_type)
        for i, (p, g) in enumerate(zip(mine, held, strict=True)):
            assert g is not None or p.grad is None, (
                f"{case}, grad {i}: it was None (a frozen parameter) and is now a "
                "tensor: skip it, do not create a gradient"
            )
            assert p.grad is g, f"{case}, grad {i}: scale .grad in place, do not rebind"
        close(
            got,
            want,
            f"{case}: the returned value is the total norm before clipping, one "
            f"norm over all the gradients",
        )
        for i, (p, q) in enumerate(zip(mine, ref, strict=True)):
            close(
                p.grad,
                q.grad,
                f"{case}, grad {i}: one coefficient for every tensor, "
                f"min(1, max_norm / (total + 1e-6)); is parameters read twice?",
            )
    # float16 gradients of 200 (AMP's half gradients): their squares or cubes overflow
    # float16 (65504) where torch's norm, accumulated wider, does not.
    for norm_type in (2.0, 3.0):
        mine, ref = (
            [torch.zeros(4, dtype=torch.float16, requires_grad=True) for _ in range(2)]
            for _ in range(2)
        )
        for p in mine + ref:
            p.grad = torch.full((4,), 200.0, dtype=torch.float16)
        close(
            (clip_grad_norm_(mine, 1.0, norm_type), [p.grad for p in mine]),
            (
                torch.nn.utils.clip_grad_norm_(ref, 1.0, norm_type),
                [q.grad for q in ref],
            ),
            f"float16 gradients of 200, norm_type={norm_type} (powers summed in float16"
            " overflow: take each norm with vector_norm)",
        )
    # A single tensor, and no gradients at all (the total is 0).
    t = torch.zeros(3, requires_grad=True)
    t.grad = torch.tensor([3.0, 4.0, 0.0])
    close(
        (clip_grad_norm_(t, 1.0), t.grad),
        (torch.tensor(5.0), torch.tensor([0.6, 0.8, 0.0])),
        "a single tensor as parameters",
    )
    none = [torch.zeros(2, requires_grad=True)]
    close(
        clip_grad_norm_(none, 1.0),
        torch.nn.utils.clip_grad_norm_(none, 1.0),
        "no gradients: the total norm is tensor(0.)",
    )
    # One inf gradient: torch's total is inf and its coefficient 0, so the inf
    # becomes nan (inf * 0) and every other gradient 0 (error_if_nonfinite=False).
    mine = [torch.ones(2, requires_grad=True) for _ in range(2)]
    ref = [torch.ones(2, requires_grad=True) for _ in range(2)]
    for ps in (mine, ref):
        ps[0].grad = torch.tensor([float("inf"), 1.0])
        ps[1].grad = torch.tensor([1.0, 1.0])
    got = clip_grad_norm_(mine, 1.0)
    want = torch.nn.utils.clip_grad_norm_(ref, 1.0)
    torch.testing.assert_close(
        (got, mine[0].grad, mine[1].grad),
        (want, ref[0].grad, ref[1].grad),
        equal_nan=True,
        msg=lambda m: (
            "an inf gradient: the total is inf, the coefficient 0, the inf "
            f"gradient nan and every other one 0, as torch's: {m}"
        ),
    )
    print("clip_grad_norm_ matches torch's: total norm, inf and 3-norms, generators")
    # > clip_grad_norm_ matches torch's: total norm, inf and 3-norms, generators


# --8<-- [end:check]


if __name__ == "__main__":
    check(clip_grad_norm_)
