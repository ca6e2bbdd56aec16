"""Step decay, closed form and as a scheduler, matched against StepLR."""

import torch


def step_lr(base_lr, epoch, step_size, gamma):
    """The lr of epoch `epoch` (0, 1, ...): base_lr times gamma every step_size."""
    # --8<-- [start:solution]
    return base_lr * gamma ** (epoch // step_size)  # floor: constant within a stage
    # --8<-- [end:solution]


class StepSchedule:
    """Like StepLR: at construction each group's lr is its base lr (epoch 0); each
    step() moves to the next epoch and sets every group's lr to step_lr of its own base
    lr. get_last_lr() returns the list of the groups' current lrs."""

    def __init__(self, optimizer, step_size, gamma):
        # --8<-- [start:solution]
        self.optimizer, self.step_size, self.gamma = optimizer, step_size, gamma
        self.base_lrs = [
            group["lr"] for group in optimizer.param_groups
        ]  # one per group
        self.last_epoch = 0
        # --8<-- [end:solution]

    def step(self):
        # --8<-- [start:solution]
        self.last_epoch += 1  # the next epoch first, then its lr
        for group, base in zip(self.optimizer.param_groups, self.base_lrs, strict=True):
            group["lr"] = step_lr(base, self.last_epoch, self.step_size, self.gamma)
        # --8<-- [end:solution]

    def get_last_lr(self):
        # --8<-- [start:solution]
        return [group["lr"] for group in self.optimizer.param_groups]
        # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.optim.lr_scheduler.StepLR",
    "torch.optim.lr_scheduler.MultiStepLR",
    "torch.optim.lr_scheduler.ExponentialLR",
    "torch.optim.lr_scheduler.LambdaLR",
    "torch.optim.lr_scheduler.MultiplicativeLR",
)


def check(step_lr, StepSchedule):
    def close(got, want, case):
        got = torch.as_tensor(got, dtype=torch.float64)
        want = torch.as_tensor(want, dtype=torch.float64)
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    # By hand: 0.1 for epochs 0-2, 0.01 for 3-5, 0.001 from 6.
    for epoch, want in [(0, 0.1), (2, 0.1), (3, 0.01), (5, 0.01), (6, 0.001)]:
        close(step_lr(0.1, epoch, 3, 0.1), want, f"step_lr(0.1, {epoch}, 3, 0.1)")
    close(step_lr(1.0, 9, 1, 0.5), 0.5**9, "step_size 1: decays every epoch")

    def optimizer(lrs):
        ps = [torch.zeros(1, requires_grad=True) for _ in lrs]
        return torch.optim.SGD(
            [{"params": [p], "lr": lr} for p, lr in zip(ps, lrs, strict=True)],
            lr=lrs[0],
        )

    for step_size, gamma, lrs in [
        (3, 0.1, [0.1]),
        (5, 0.5, [0.1, 0.03, 1.0]),
        (1, 0.9, [0.2, 0.02]),
        (7, 0.3, [1e-3, 5e-2]),
    ]:
        case = f"step_size {step_size}, gamma {gamma}, group lrs {lrs}"
        mine_opt, torch_opt = optimizer(lrs), optimizer(lrs)
        mine = StepSchedule(mine_opt, step_size, gamma)
        ref = torch.optim.lr_scheduler.StepLR(torch_opt, step_size, gamma)
        last = mine.get_last_lr()
        assert isinstance(last, list), (
            f"{case}: get_last_lr() must return a list, got {type(last).__name__}"
        )
        close(last, ref.get_last_lr(), f"{case}, epoch 0 (construction)")
        saved = [(0, last, list(ref.get_last_lr()))]  # each list as returned, and then
        for epoch in range(1, 21):
            torch_opt.step()  # as training does: optimizer.step(), then the scheduler's
            mine.step()
            ref.step()
            last = mine.get_last_lr()
            close(last, ref.get_last_lr(), f"{case}, epoch {epoch}")
            saved.append((epoch, last, list(ref.get_last_lr())))
            got = [g["lr"] for g in mine_opt.param_groups]
            close(got, ref.get_last_lr(), f"{case}, epoch {epoch}, the groups' lr")
            for i, base in enumerate(lrs):
                want = step_lr(base, epoch, step_size, gamma)
                close(got[i], want, f"{case}, epoch {epoch}, group {i}: step_lr")
        # A list returned earlier keeps its values (StepLR's do): not one list that
        # step() updates in place.
        for epoch, got, want in saved:
            close(
                got,
                want,
                f"{case}: the list get_last_lr() returned at epoch {epoch}, read after"
                " 20 steps (return a new list, not one that step() updates in place)",
            )

    # An lr written into a group by hand (before the first step, then at epoch 4) is
    # overwritten at the next step() by step_lr of the base lr saved at construction.
    # (StepLR's own step() is recursive and would carry the hand-set lr on.)
    lrs, step_size, gamma = [0.1, 0.03], 3, 0.5
    opt = optimizer(lrs)
    mine = StepSchedule(opt, step_size, gamma)
    for epoch in range(1, 9):
        if epoch in (1, 5):
            opt.param_groups[0]["lr"] = 7.0
        opt.step()
        mine.step()
        for i, base in enumerate(lrs):
            close(
                opt.param_groups[i]["lr"],
                step_lr(base, epoch, step_size, gamma),
                f"group 0's lr set to 7.0 by hand before step {epoch} (step_size 3,"
                f" gamma 0.5, base lrs {lrs}), epoch {epoch}, group {i}: step() sets"
                " step_lr(base lr saved at construction, epoch), not the current lr"
                " times gamma, nor a base read at the first step()",
            )
    print("step_lr and StepSchedule match StepLR.get_last_lr(), epochs 0 to 20")
    # > step_lr and StepSchedule match StepLR.get_last_lr(), epochs 0 to 20


# --8<-- [end:check]


if __name__ == "__main__":
    check(step_lr, StepSchedule)
