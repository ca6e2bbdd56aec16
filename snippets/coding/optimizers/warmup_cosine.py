"""Linear warmup then cosine decay, matched at every step against
SequentialLR(LinearLR, CosineAnnealingLR)."""

import math

import torch


def warmup_cosine_lr(step, base_lr, warmup_steps, total_steps, start_factor, min_lr):
    """The lr of optimizer step `step` (0, 1, ...): linear from start_factor * base_lr
    at step 0 to base_lr at step warmup_steps, then a half cosine down to min_lr at
    step total_steps, and min_lr after it. warmup_steps may be 0: no warmup."""
    # --8<-- [start:solution]
    if step < warmup_steps:
        return base_lr * (start_factor + (1 - start_factor) * step / warmup_steps)
    # The cosine phase has its own clock: 0 at warmup_steps, 1 at total_steps.
    progress = min(1.0, (step - warmup_steps) / (total_steps - warmup_steps))
    return min_lr + (base_lr - min_lr) * (1 + math.cos(math.pi * progress)) / 2
    # --8<-- [end:solution]


# --8<-- [start:check]
def torch_schedule(base_lr, warmup_steps, total_steps, start_factor, min_lr, n):
    """The lr of each of n optimizer steps under SequentialLR(LinearLR, Cosine)."""
    p = torch.zeros(1, requires_grad=True)
    opt = torch.optim.SGD([p], lr=base_lr)
    warmup = torch.optim.lr_scheduler.LinearLR(
        opt, start_factor=start_factor, total_iters=warmup_steps
    )
    cosine = torch.optim.lr_scheduler.CosineAnnealingLR(
        opt, T_max=total_steps - warmup_steps, eta_min=min_lr
    )
    sched = torch.optim.lr_scheduler.SequentialLR(
        opt, [warmup, cosine], milestones=[warmup_steps]
    )
    lrs = []
    for _ in range(n):
        lrs.append(opt.param_groups[0]["lr"])  # the lr this step uses
        opt.step()
        sched.step()  # after optimizer.step(): sets the next step's lr
    return lrs


def check(warmup_cosine_lr):
    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    configs = [  # base_lr, warmup_steps, total_steps, start_factor, min_lr
        (0.1, 4, 12, 0.25, 0.0),
        (3e-4, 5, 20, 0.01, 1e-5),
        (1.0, 1, 6, 0.5, 0.1),
        (0.1, 0, 6, 0.25, 0.01),  # no warmup: the cosine from step 0
    ]
    for cfg in configs:
        total = cfg[2]
        want = torch_schedule(*cfg, n=total + 1)
        for step, lr in enumerate(want):
            case = f"{cfg}, step {step}"
            if cfg[1] == 0:
                case += " (warmup_steps=0: no warmup, the cosine from step 0)"
            try:
                got = warmup_cosine_lr(step, *cfg)
            except ZeroDivisionError as e:
                raise AssertionError(
                    f"{case}: your code raised ZeroDivisionError ({e}); likely cause: "
                    "the ramp taken at step == warmup_steps, divided by warmup_steps"
                ) from e
            close(
                got,
                lr,
                f"{case}: the warmup starts at start_factor * base_lr at "
                f"step 0 and reaches base_lr at warmup_steps; the cosine runs over "
                f"total_steps - warmup_steps and ends at min_lr",
            )
    # Past total_steps CosineAnnealingLR climbs back up (a cosine has no end); this
    # schedule holds min_lr (1e-5 and 0.1 too, not 0), up to rounding: cos(pi / 2)**2
    # is 3.7e-33, not 0.
    cfg, step = configs[0], configs[0][2] + 2
    assert torch_schedule(*cfg, n=step + 1)[step] > cfg[4], "torch's, past total_steps"
    for cfg in configs:
        for step in (cfg[2] + 1, cfg[2] + 2, 3 * cfg[2]):
            got = warmup_cosine_lr(step, *cfg)
            if got != cfg[4]:  # min_lr itself, or a float that rounds to it
                close(
                    got,
                    float(cfg[4]),
                    f"{cfg}, step {step}: past total_steps hold min_lr",
                )
    print("warmup_cosine_lr matches SequentialLR(LinearLR, CosineAnnealingLR)")
    # > warmup_cosine_lr matches SequentialLR(LinearLR, CosineAnnealingLR)


# --8<-- [end:check]


if __name__ == "__main__":
    check(warmup_cosine_lr)
