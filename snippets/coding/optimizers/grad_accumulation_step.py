"""A gradient accumulation step over micro-batches of unequal sizes, checked against
one step on the full batch."""

import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


def accumulation_step(model, optimizer, loss_fn, micro_batches):
    """One optimizer step over micro_batches, a list of (x, y) whose sizes differ, equal
    to one step on the concatenated batch for a loss_fn that returns the mean over a
    micro-batch's samples. Leaves each .grad (whatever it held, None on a fresh model)
    holding the full batch's gradient and returns the full batch's loss as a float."""
    # --8<-- [start:solution]
    total = sum(x.shape[0] for x, _ in micro_batches)
    optimizer.zero_grad()  # once, before the first backward: .grad then accumulates
    loss_sum = 0.0
    for x, y in micro_batches:
        # A mean over n_i samples, times n_i / N: this micro-batch's share of the
        # full batch's mean. Dividing by the number of micro-batches is right only
        # when they are all the same size.
        loss = loss_fn(model(x), y) * (x.shape[0] / total)
        loss.backward()  # adds into .grad; this micro-batch's graph is freed
        loss_sum += loss.item()
    optimizer.step()  # once, with the accumulated gradient
    return loss_sum
    # --8<-- [end:solution]


# --8<-- [start:check]
def check(accumulation_step):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    def targets(kind, n):
        if kind == "mse":
            return torch.randn(n, 3, dtype=torch.float64)
        return torch.randint(0, 3, (n,))

    losses = {"mse": F.mse_loss, "cross-entropy": F.cross_entropy}
    for kind, loss_fn in losses.items():
        for sizes in [[5, 2, 1, 4], [6, 6], [7]]:
            case = f"{kind}, micro-batch sizes {sizes}"
            model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 3)).double()
            ref = copy.deepcopy(model)
            opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
            ref_opt = torch.optim.SGD(ref.parameters(), lr=0.1, momentum=0.9)
            # What the previous step left in .grad, as a training loop leaves it; for
            # sizes [6, 6] a fresh model, every .grad None (the first step of training).
            fresh = sizes == [6, 6]
            for p in model.parameters():
                p.grad = None if fresh else torch.randn_like(p)
            # Micro-batch by micro-batch: the rows each forward sees (at the first
            # layer, however the model is called) and the backward passes that
            # reach the first weight.
            rows, backwards = [], []
            model[0].register_forward_pre_hook(lambda m, a, r=rows: r.append(len(a[0])))
            model[0].weight.register_hook(lambda g, b=backwards: b.append(1))
            for step in [1, 2]:  # two steps: the momentum buffer carries the first
                xs = [torch.randn(n, 4, dtype=torch.float64) for n in sizes]
                ys = [targets(kind, n) for n in sizes]
                rows.clear()
                backwards.clear()
                where = f"{case}, step {step}"
                try:
                    got = accumulation_step(
                        model, opt, loss_fn, list(zip(xs, ys, strict=True))
                    )
                except AttributeError as e:
                    if not (fresh and step == 1):
                        raise
                    raise AssertionError(
                        f"{where}, a fresh model (every .grad None): your code raised "
                        f"AttributeError: {e}; likely cause: p.grad.zero_() on a None "
                        f"grad: optimizer.zero_grad() handles it"
                    ) from e
                ref_opt.zero_grad()
                full = loss_fn(ref(torch.cat(xs)), torch.cat(ys))
                full.backward()
                ref_opt.step()
                assert max(rows, default=0) <= max(sizes), (
                    f"{where}: the model ran on {max(rows)} rows at once, the largest "
                    f"micro-batch has {max(sizes)}; likely cause: the micro-batches "
                    f"concatenated, which spends the memory accumulation saves"
                )
                assert len(backwards) >= len(sizes), (
                    f"{where}: {len(backwards)} backward passes for {len(sizes)} "
                    f"micro-batches; likely cause: the weighted losses summed and one "
                    f"backward at the end, which keeps every micro-batch's graph alive"
                )
                assert isinstance(got, float), (
                    f"{where}: returned {type(got).__name__}, want a Python float "
                    f"(.item())"
                )
                close(
                    got,
                    full.item(),
                    f"{where}: the returned loss vs the full batch's mean; likely "
                    f"cause: micro-batch means not weighted by n_i / N, or step() "
                    f"inside the loop",
                )
                named = dict(ref.named_parameters())
                for name, p in model.named_parameters():
                    q = named[name]
                    assert p.grad is not None, (
                        f"{where}: {name}.grad is None after the step: leave the "
                        f"accumulated gradient in .grad (zero_grad before, not after)"
                    )
                    close(
                        p.grad,
                        q.grad,
                        f"{where}: {name}.grad vs the full batch's; likely cause: "
                        f"dividing by the number of micro-batches, not n_i / N; "
                        f"zero_grad inside the loop, or not before it; step() "
                        f"inside the loop (later micro-batches see moved weights)",
                    )
                    close(
                        p.detach(),
                        q.detach(),
                        f"{where}: {name} after the step, with the right .grad; "
                        f"likely cause: no optimizer.step(), or more than one",
                    )
    print("accumulation_step matches the full-batch step: grads, weights, loss")
    # > accumulation_step matches the full-batch step: grads, weights, loss


# --8<-- [end:check]


if __name__ == "__main__":
    check(accumulation_step)
