"""An exponential moving average of a model's weights and buffers, checked against
torch.optim.swa_utils.AveragedModel with get_ema_multi_avg_fn and use_buffers=True."""

import copy

import torch
from torch import nn


class EMA:
    """self.module: a copy of the model whose floating parameters and buffers follow
    ema = decay * ema + (1 - decay) * current; the first update() copies the model, and
    integer buffers (BatchNorm's num_batches_tracked) are copied, not averaged.
    current is the model passed to update(), not necessarily the one given here."""

    def __init__(self, model, decay=0.999):
        # --8<-- [start:solution]
        self.module = copy.deepcopy(model)
        self.decay = decay
        self.n_updates = 0
        # --8<-- [end:solution]

    @torch.no_grad()
    def update(self, model):
        # --8<-- [start:solution]
        ema = [*self.module.parameters(), *self.module.buffers()]
        cur = [*model.parameters(), *model.buffers()]
        for e, c in zip(ema, cur, strict=True):
            if self.n_updates == 0 or not e.is_floating_point():
                e.copy_(c)  # the first update starts the average at the model
            else:
                e.lerp_(c, 1 - self.decay)  # e + (1 - decay) * (c - e)
        self.n_updates += 1
        # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.optim.swa_utils.AveragedModel",
    "torch.optim.swa_utils.get_ema_avg_fn",
    "torch.optim.swa_utils.get_ema_multi_avg_fn",
)


def check(EMA):
    from torch.optim.swa_utils import AveragedModel, get_ema_multi_avg_fn

    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    model = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.Linear(4, 2)).double()
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    mine = EMA(model, decay=0.8)
    ref = AveragedModel(model, multi_avg_fn=get_ema_multi_avg_fn(0.8), use_buffers=True)
    x = torch.randn(16, 3, dtype=torch.double)
    # Update 6 passes another instance (as after a reload, or the model unwrapped
    # from DDP): with the same structure and other weights.
    other = copy.deepcopy(model)
    with torch.no_grad():
        for t in other.state_dict().values():
            if t.is_floating_point():
                t.add_(torch.randn_like(t))
    for step in range(1, 7):
        if step == 6:
            model = other
        else:
            model.train()
            model(x).pow(2).mean().backward()  # train mode: BatchNorm updates buffers
            opt.step()
            opt.zero_grad()
        mine.update(model)
        ref.update_parameters(model)
        got, want = mine.module.state_dict(), ref.module.state_dict()
        for name, tensor in want.items():
            if tensor.is_floating_point():
                why = (
                    "update(model) averages the model it is given, here another "
                    "instance, not one kept from __init__ or an earlier update"
                    if step == 6
                    else "the first update copies, then ema = decay * ema + "
                    "(1 - decay) * model, running stats too"
                )
                close(got[name], tensor, f"{name} after update {step}: {why}")
            else:  # AveragedModel averages the count and truncates it; this copies
                close(
                    got[name],
                    model.state_dict()[name],
                    f"{name} after update {step}: an integer count is copied",
                )
    mine.module.eval()
    ref.module.eval()
    close(mine.module(x), ref.module(x), "the averaged model in eval mode")
    print("EMA matches AveragedModel(use_buffers=True): weights, BN stats, eval out")
    # > EMA matches AveragedModel(use_buffers=True): weights, BN stats, eval out


# --8<-- [end:check]


if __name__ == "__main__":
    check(EMA)
