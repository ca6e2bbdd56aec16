"""Confusion matrix, precision, recall and F1 from integer labels, checked by a loop."""

import torch
from torch.overrides import TorchFunctionMode


def confusion_matrix(pred, target, num_classes):
    """pred, target: 1-D integer tensors of labels in [0, num_classes). Returns an int64
    (num_classes, num_classes) tensor whose [i, j] counts the samples of true class i
    predicted as j (rows = true class, as sklearn's). Tensor ops only: no Python loop
    over the samples."""
    # --8<-- [start:solution]
    # One bin per (true, predicted) pair: a single bincount, no loop over the samples.
    pairs = target.long() * num_classes + pred.long()
    counts = torch.bincount(pairs, minlength=num_classes * num_classes)
    return counts.reshape(num_classes, num_classes)
    # --8<-- [end:solution]


def precision_recall_f1(pred, target, num_classes, average="macro"):
    """Returns (precision, recall, f1): 0-d tensors (or floats) for average="macro"
    (the mean over all num_classes classes) or "micro" (from the summed counts),
    (num_classes,) tensors (not lists) for average=None. A 0 / 0 is 0. Tensor ops
    only: no Python loop over the samples."""
    # --8<-- [start:solution]
    cm = confusion_matrix(pred, target, num_classes).double()
    tp = cm.diagonal()
    predicted = cm.sum(0)  # column sums: the samples predicted as each class
    actual = cm.sum(1)  # row sums: the samples of each true class
    if average == "micro":
        tp, predicted, actual = tp.sum(), predicted.sum(), actual.sum()

    def ratio(a, b):  # 0 / 0 is 0, not nan
        return torch.where(b > 0, a / b.clamp(min=1e-300), 0.0)

    precision, recall = ratio(tp, predicted), ratio(tp, actual)
    f1 = ratio(2 * precision * recall, precision + recall)  # per class, then averaged
    if average == "macro":
        return precision.mean(), recall.mean(), f1.mean()
    return precision, recall, f1
    # --8<-- [end:solution]


# --8<-- [start:check]
# The ways a tensor's values reach Python (tolist, item, float(t), numpy, printing, ...)
READS = {"tolist", "item", "numpy", "__array__", "__float__", "__int__", "__bool__"}
READS |= {"__index__", "__complex__", "__format__", "__repr__", "__dlpack__"}
READS |= {"untyped_storage", "storage", "_typed_storage", "data_ptr", "__reduce_ex__"}


class Count(TorchFunctionMode):  # the torch calls of the code under it, and the
    def __init__(self):  # number of values it reads out of tensors into Python
        super().__init__()
        self.calls = self.read = 0

    def __torch_function__(self, func, types, args=(), kwargs=None):
        self.calls += 1
        if getattr(func, "__name__", "") in READS and isinstance(args[0], torch.Tensor):
            self.read += args[0].numel()
        return func(*args, **(kwargs or {}))


def check(confusion_matrix, precision_recall_f1):
    def close(got, want, case):
        got = torch.as_tensor(got, dtype=torch.float64)
        want = torch.as_tensor(want, dtype=torch.float64)
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    def reference(pred, target, c):  # sample by sample, class by class, in Python
        pred, target = pred.tolist(), target.tolist()
        cm = [[0] * c for _ in range(c)]
        for p, t in zip(pred, target, strict=True):
            cm[t][p] += 1

        def div(a, b):
            return a / b if b else 0.0

        tp = [cm[i][i] for i in range(c)]
        col = [sum(cm[i][j] for i in range(c)) for j in range(c)]
        row = [sum(cm[i]) for i in range(c)]
        P = [div(tp[i], col[i]) for i in range(c)]
        R = [div(tp[i], row[i]) for i in range(c)]
        F = [div(2 * P[i] * R[i], P[i] + R[i]) for i in range(c)]
        mp, mr = div(sum(tp), sum(col)), div(sum(tp), sum(row))
        out = {
            None: (P, R, F),
            "macro": (sum(P) / c, sum(R) / c, sum(F) / c),
            "micro": (mp, mr, div(2 * mp * mr, mp + mr)),
        }
        return torch.tensor(cm), out

    def compare(pred, target, c, case, cm_want=None, want=None):
        before = (pred.clone(), target.clone())
        cm = confusion_matrix(pred, target, c)
        cm_ref, ref = reference(pred, target, c)
        assert isinstance(cm, torch.Tensor) and cm.dtype == torch.int64, (
            f"{case}: the confusion matrix must be an int64 tensor, got {type(cm)} "
            f"{getattr(cm, 'dtype', '')}"
        )
        assert cm.shape == (c, c), f"{case}: confusion matrix shape {tuple(cm.shape)}"
        assert torch.equal(cm, cm_ref), (
            f"{case}: confusion matrix\n{cm}\nwant (rows = true class)\n{cm_ref}"
        )
        if cm_want is not None:
            assert torch.equal(cm_ref, torch.tensor(cm_want)), "the reference itself"
        for average in ["macro", "micro", None]:
            got = precision_recall_f1(pred, target, c, average=average)
            for name, g, r in zip(
                ["precision", "recall", "f1"], got, ref[average], strict=True
            ):
                label = f"{case}, average={average!r}, {name}"
                if average is None:
                    assert isinstance(g, torch.Tensor), (
                        f"{label}: got a {type(g).__name__}, want a (num_classes,) "
                        "tensor"
                    )
                    assert g.shape == (c,), f"{label}: shape {tuple(g.shape)}"
                else:
                    assert torch.as_tensor(g).numel() == 1, f"{label}: not one number"
                    g = torch.as_tensor(g).reshape(())
                close(g, r, label)
            if want is not None and average in want:
                names = ["precision", "recall", "f1"]
                for name, g, w in zip(names, got, want[average], strict=True):
                    close(g, w, f"{case}, average={average!r}, {name} (by hand)")
        default = precision_recall_f1(pred, target, c)  # average="macro" by default
        names = ["precision", "recall", "f1"]
        for name, g, r in zip(names, default, ref["macro"], strict=True):
            label = f"{case}, no average= given (the default is 'macro'), {name}"
            assert torch.as_tensor(g).numel() == 1, f"{label}: not one number"
            close(torch.as_tensor(g).reshape(()), r, label)
        assert torch.equal(pred, before[0]) and torch.equal(target, before[1]), (
            f"{case}: the inputs were changed"
        )

    t = torch.tensor
    # By hand: class 3 is absent from both; class 1 is predicted twice, right once.
    # precision 1, 1/2, 1, 0; recall 1, 1, 1/2, 0; f1 1, 2/3, 2/3, 0.
    compare(
        t([0, 1, 1, 2]),
        t([0, 1, 2, 2]),
        4,
        "hand case, class 3 absent from both",
        cm_want=[[1, 0, 0, 0], [0, 1, 0, 0], [0, 1, 1, 0], [0, 0, 0, 0]],
        want={
            None: ([1, 0.5, 1, 0], [1, 1, 0.5, 0], [1, 2 / 3, 2 / 3, 0]),
            "macro": (0.625, 0.625, 7 / 12),  # the absent class counts as 0
            "micro": (0.75, 0.75, 0.75),  # single-label: micro = accuracy
        },
    )
    compare(
        t([0, 0, 0]),
        t([0, 0, 0]),
        1,
        "a single class, all right",
        cm_want=[[3]],
        want={"macro": (1, 1, 1), "micro": (1, 1, 1)},
    )
    compare(
        t([0, 0, 0]),
        t([0, 0, 0]),
        2,
        "one class of two, never seen",
        want={"macro": (0.5, 0.5, 0.5), None: ([1, 0], [1, 0], [1, 0])},
    )
    compare(
        t([1, 1]),
        t([0, 0]),
        2,
        "all wrong: every ratio 0, none nan",
        want={None: ([0, 0], [0, 0], [0, 0]), "micro": (0, 0, 0)},
    )
    empty = torch.zeros(0, dtype=torch.int64)
    compare(
        empty,
        empty,
        3,
        "no samples (every 0 / 0 is 0)",
        want={"macro": (0, 0, 0), "micro": (0, 0, 0)},
    )
    g = torch.Generator().manual_seed(0)
    for c, n in [(2, 50), (5, 200), (10, 30)]:
        target = torch.randint(0, c, (n,), generator=g)
        noisy = torch.randint(0, c, (n,), generator=g)
        pred = torch.where(torch.rand(n, generator=g) < 0.6, target, noisy)
        compare(pred, target, c, f"random, {c} classes, {n} samples")
    # int32 labels, and non-contiguous ones (every other element of a longer tensor).
    target = torch.randint(0, 4, (60,), generator=g)
    pred = torch.randint(0, 4, (60,), generator=g)
    compare(pred.int(), target.int(), 4, "int32 labels")
    compare(pred[::2], target[1::2], 4, "non-contiguous labels")
    # Tensor ops only: as many torch calls for 60 samples as for 30, and as many
    # values read out into Python (a loop over .tolist() reads them all).
    runs = {"confusion_matrix": lambda p, t: confusion_matrix(p, t, 4)}
    for average in ["macro", "micro", None]:
        runs[f"precision_recall_f1, average={average!r}"] = lambda p, t, a=average: (
            precision_recall_f1(p, t, 4, average=a)
        )
    for name, run in runs.items():
        counts = []
        for n in (30, 60):
            p, t = pred[:n].clone(), target[:n].clone()
            with Count() as count:
                run(p, t)
            counts.append((count.calls, count.read))
        assert counts[0][0] == counts[1][0], (
            f"{name}: torch calls for 30 and 60 samples: {[c[0] for c in counts]}: "
            "a Python loop over the samples?"
        )
        assert counts[0][1] == counts[1][1], (
            f"{name}: values read out of tensors into Python (tolist, item, float, "
            f"numpy) for 30 and 60 samples: {[c[1] for c in counts]}: a Python loop "
            "over the samples?"
        )
    print("confusion matrix, precision, recall, f1 = the loop and the hand cases")
    # > confusion matrix, precision, recall, f1 = the loop and the hand cases


# --8<-- [end:check]


if __name__ == "__main__":
    check(confusion_matrix, precision_recall_f1)
