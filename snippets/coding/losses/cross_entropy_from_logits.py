"""Cross-entropy from logits with ignore_index and label_smoothing, checked against
F.cross_entropy."""

import torch
import torch.nn.functional as F


def cross_entropy(logits, target, ignore_index=-100, label_smoothing=0.0):
    """Mean cross-entropy of logits (N, C) or (N, C, L) against class indices (N,) or
    (N, L): targets equal to ignore_index count for nothing, and the target distribution
    is (1 - label_smoothing) on the class plus label_smoothing / C on every class."""
    # --8<-- [start:solution]
    # log-softmax over the class dim (1) by the log-sum-exp trick: shift by the max.
    shifted = logits - logits.amax(dim=1, keepdim=True)
    logp = shifted - shifted.exp().sum(dim=1, keepdim=True).log()
    keep = target != ignore_index
    # gather needs a valid index on ignored positions too (-100 is not a class).
    safe = target.masked_fill(~keep, 0)
    nll = -logp.gather(1, safe.unsqueeze(1)).squeeze(1)
    # The uniform part of the smoothed target: 1/C on every class, the target's too.
    smooth = -logp.mean(dim=1)
    loss = (1 - label_smoothing) * nll + label_smoothing * smooth
    loss = loss.masked_fill(~keep, 0.0)
    return loss.sum() / keep.sum()
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.cross_entropy",
    "torch.nn.functional.nll_loss",
    "torch.softmax",
    "torch.nn.functional.softmax",
    "torch.Tensor.softmax",
    "torch.special.softmax",
    "torch.log_softmax",
    "torch.nn.functional.log_softmax",
    "torch.Tensor.log_softmax",
    "torch.special.log_softmax",
    "torch.logsumexp",
    "torch.Tensor.logsumexp",
    "torch.special.logsumexp",
)


def check(cross_entropy):
    torch.manual_seed(0)

    def close(got, want, case, **kw):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}", **kw)

    cases = {
        "(N, C)": (torch.randn(8, 5), torch.randint(5, (8,))),
        "(N, C, L), class dim 1": (torch.randn(2, 5, 6), torch.randint(5, (2, 6))),
        "logits x1000": (torch.randn(8, 5) * 1000, torch.randint(5, (8,))),
    }
    for name, (x, t) in cases.items():
        x, pad = x.double().requires_grad_(), torch.rand(t.shape) < 0.3
        for ii in [-100, 2]:  # the default, and a real class ignored
            t = t.masked_fill(pad, ii)  # some padding
            for ls in [0.0, 0.1]:
                case = f"{name}, ignore_index={ii}, label_smoothing={ls}"
                got = cross_entropy(x, t, ignore_index=ii, label_smoothing=ls)
                want = F.cross_entropy(x, t, ignore_index=ii, label_smoothing=ls)
                assert torch.as_tensor(got).shape == (), (
                    f"{case}: shape {tuple(torch.as_tensor(got).shape)}, want one "
                    "number, the mean over the kept targets"
                )
                mine, theirs = torch.as_tensor(got).item(), want.item()
                ratio = mine / theirs if theirs else float("nan")
                close(
                    got,
                    want,
                    f"{case}: mean over the non-ignored targets only, smoothing "
                    f"over all C classes, log-softmax shifted by the max (yours / "
                    f"torch's = {ratio:.4g})",
                )
                close(
                    torch.autograd.grad(got, x),
                    torch.autograd.grad(want, x),
                    f"gradient, {case}: ignored positions get 0",
                )
    # float32 logits of 1e4: exp overflows without the max shift.
    x, t = torch.randn(4, 3) * 1e4, torch.tensor([0, 1, 2, -100])
    close(
        cross_entropy(x, t, label_smoothing=0.1),
        F.cross_entropy(x, t, label_smoothing=0.1),
        "float32 logits of 1e4: exp overflows, shift by the max",
    )
    # Every target ignored: torch divides 0 by 0 and returns nan.
    t = torch.full((4,), -100)
    close(
        cross_entropy(x, t),
        F.cross_entropy(x, t),
        "every target ignored: torch gives nan (0 / 0)",
        equal_nan=True,
    )
    print("cross_entropy matches F.cross_entropy: ignore_index, smoothing, 1e4, grads")
    # > cross_entropy matches F.cross_entropy: ignore_index, smoothing, 1e4, grads


# --8<-- [end:check]


if __name__ == "__main__":
    check(cross_entropy)
