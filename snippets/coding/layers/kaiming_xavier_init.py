"""Kaiming and Xavier uniform initialization from scratch, checked against
torch.nn.init's own in-place results with the same generator."""

import math

import torch


def kaiming_uniform(
    shape, a=0, mode="fan_in", nonlinearity="leaky_relu", generator=None
):
    """A float32 tensor of `shape` (2+ dims, (out, in, *kernel)) drawn from
    U(-bound, bound), bound = gain * sqrt(3 / fan), as nn.init.kaiming_uniform_."""
    # --8<-- [start:solution]
    out_maps, in_maps, *kernel = shape
    receptive = math.prod(kernel)  # 1 for a Linear weight
    fan = (in_maps if mode == "fan_in" else out_maps) * receptive
    gains = {"linear": 1.0, "sigmoid": 1.0, "tanh": 5.0 / 3, "relu": math.sqrt(2.0)}
    if nonlinearity == "leaky_relu":  # a is the negative slope; a = 0 is ReLU's gain
        gain = math.sqrt(2.0 / (1 + a**2))
    else:
        gain = gains[nonlinearity]
    bound = gain * math.sqrt(3.0 / fan)
    # torch draws the same way: one uniform_ over the whole tensor
    return torch.empty(shape).uniform_(-bound, bound, generator=generator)
    # --8<-- [end:solution]


def xavier_uniform(shape, gain=1.0, generator=None):
    """A float32 tensor of `shape` drawn from U(-bound, bound),
    bound = gain * sqrt(6 / (fan_in + fan_out)), as torch.nn.init.xavier_uniform_."""
    # --8<-- [start:solution]
    out_maps, in_maps, *kernel = shape
    receptive = math.prod(kernel)
    fan_in, fan_out = in_maps * receptive, out_maps * receptive
    bound = gain * math.sqrt(6.0 / (fan_in + fan_out))
    return torch.empty(shape).uniform_(-bound, bound, generator=generator)
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.init.kaiming_uniform_",
    "torch.nn.init.kaiming_normal_",
    "torch.nn.init.xavier_uniform_",
    "torch.nn.init.xavier_normal_",
    "torch.nn.init.uniform_",
    "torch.nn.init.calculate_gain",
    "torch.nn.init._calculate_fan_in_and_fan_out",
    "torch.nn.init._calculate_correct_fan",
    "torch.nn.init._no_grad_uniform_",
)


def check(kaiming_uniform, xavier_uniform):
    torch.manual_seed(0)

    def same(got, want, case, why, draw=None):  # exact: the same draws, same generator
        assert isinstance(got, torch.Tensor), f"{case}: returns {type(got).__name__}"
        if got.shape == want.shape and got.dtype == want.dtype and got.numel():
            # Which is wrong, the bound or the draw: nn.init's draw with another
            # bound is want scaled; any other draw is not.
            w, g = want.double().flatten(), got.double().flatten()
            c = (g @ w / (w @ w)).item()
            if (g - c * w).abs().max() > 1e-4 * w.abs().max():
                why = "not nn.init's draw (whatever the bound): " + (
                    draw
                    or "one uniform_(-bound, bound, generator=...) over the whole"
                    " tensor, from the generator itself (the global RNG when None)"
                    " as it stands;"
                    " another draw, a copy or a fresh generator gives other values"
                )
            elif abs(c - 1) > 1e-6:
                why = f"nn.init's draw, but the bound is {c:.4g} times nn.init's: {why}"
            else:
                why = (
                    "equal up to rounding only: draw with uniform_(-bound, bound)"
                    " itself"
                    " (torch.rand * 2b - b rounds otherwise) and compute the bound as"
                    f" nn.init does: {why}"
                )
        torch.testing.assert_close(
            got, want, rtol=0, atol=0, msg=lambda m: f"{case}: {why}: {m}"
        )

    linear, conv2d, conv1d = (7, 5), (8, 3, 3, 3), (4, 6, 5)  # fan_in != fan_out
    conv3d = (6, 4, 3, 2, 5)  # a kernel of 3 dims: 30, not the last two's 10
    notes = {  # what a failure of these cases most likely means
        (linear, ()): "a = 0 is a slope, not unset: gain sqrt(2 / (1 + 0**2))",
        (conv3d, ()): "a Conv3d weight: fan = maps * the product of shape[2:]",
    }
    kaiming = [
        (linear, {}),  # the defaults: a = 0, leaky_relu, so ReLU's gain sqrt(2)
        (conv2d, {"mode": "fan_out", "nonlinearity": "relu"}),
        (conv1d, {"a": 0.2}),
        (linear, {"a": math.sqrt(5)}),  # nn.Linear's own reset_parameters
        (conv2d, {"nonlinearity": "tanh"}),
        (conv1d, {"mode": "fan_out", "nonlinearity": "linear"}),
        (conv2d, {"nonlinearity": "sigmoid"}),  # gain 1, not sigmoid's slope 1/4
        (linear, {"a": 0.5, "nonlinearity": "relu"}),  # a is read for leaky_relu only
        (conv3d, {}),
    ]
    for shape, kw in kaiming:
        case = f"kaiming_uniform{shape}, {kw or 'defaults'}"
        why = "gain(nonlinearity, a) * sqrt(3 / fan), fan = maps * kernel size"
        why = notes.get((shape, tuple(kw)), why)
        want = torch.nn.init.kaiming_uniform_(
            torch.empty(shape), **kw, generator=torch.Generator().manual_seed(1)
        )
        got = kaiming_uniform(shape, **kw, generator=torch.Generator().manual_seed(1))
        same(got, want, f"{case}, a seeded generator", why)
        torch.manual_seed(1)  # generator=None: the global generator
        want = torch.nn.init.kaiming_uniform_(torch.empty(shape), **kw)
        torch.manual_seed(1)
        got = kaiming_uniform(shape, **kw)
        same(got, want, f"{case}, generator=None after torch.manual_seed", why)
    for shape, gain in [(linear, 1.0), (conv2d, 5.0 / 3), (conv1d, 0.5), (conv3d, 1.0)]:
        case = f"xavier_uniform{shape}, gain {gain}"
        want = torch.nn.init.xavier_uniform_(
            torch.empty(shape), gain=gain, generator=torch.Generator().manual_seed(2)
        )
        got = xavier_uniform(
            shape, gain=gain, generator=torch.Generator().manual_seed(2)
        )
        same(got, want, case, "gain * sqrt(6 / (fan_in + fan_out))")
    # Two calls in a row draw on: the generator, or the global RNG, advances as
    # nn.init's does.
    for name, mine, theirs, kw in [
        (
            "kaiming_uniform",
            kaiming_uniform,
            torch.nn.init.kaiming_uniform_,
            {"a": 0.2},
        ),
        (
            "xavier_uniform",
            xavier_uniform,
            torch.nn.init.xavier_uniform_,
            {"gain": 0.5},
        ),
    ]:
        g, h = torch.Generator().manual_seed(3), torch.Generator().manual_seed(3)
        for call in ("1st", "2nd"):
            same(
                mine(conv2d, **kw, generator=g),
                theirs(torch.empty(conv2d), **kw, generator=h),
                f"{name}{conv2d}, {kw}, {call} call on one seeded generator",
                "gain * sqrt(3 / fan) or gain * sqrt(6 / (fan_in + fan_out))",
                "draw from the generator itself, which advances (not from a copy)",
            )
        torch.manual_seed(3)
        wants = [theirs(torch.empty(conv2d), **kw) for _ in range(2)]
        torch.manual_seed(3)
        gots = [mine(conv2d, **kw) for _ in range(2)]
        for call, got, want in zip(("1st", "2nd"), gots, wants, strict=True):
            same(
                got,
                want,
                f"{name}{conv2d}, {kw}, generator=None, {call} call after one"
                " torch.manual_seed",
                "gain * sqrt(3 / fan) or gain * sqrt(6 / (fan_in + fan_out))",
                "draw from the global RNG itself, which advances (a generator seeded"
                " from torch.initial_seed() repeats the 1st draw)",
            )
    # A large tensor: every sample within the bound, the std bound / sqrt(3) within 2 %.
    shape = (256, 64, 3, 3)  # fan_in 576, fan_out 2304
    for name, got, bound in [
        ("kaiming_uniform defaults", kaiming_uniform(shape), math.sqrt(2 * 3 / 576)),
        ("xavier_uniform", xavier_uniform(shape), math.sqrt(6 / (576 + 2304))),
    ]:
        assert got.abs().max() <= bound, (
            f"{name}{shape}: a sample past the bound {bound}"
        )
        std = got.std().item()
        assert abs(std / (bound / math.sqrt(3)) - 1) < 0.02, f"{name}{shape}: std {std}"
    print("kaiming_uniform and xavier_uniform equal nn.init's: 13 cases, bounds, std")
    # > kaiming_uniform and xavier_uniform equal nn.init's: 13 cases, bounds, std


# --8<-- [end:check]


if __name__ == "__main__":
    check(kaiming_uniform, xavier_uniform)
