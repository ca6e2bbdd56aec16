"""k-means (Lloyd's algorithm), vectorised, checked against a loop over the points."""

import torch
from torch.overrides import TorchFunctionMode


def kmeans(X, centroids, iters=10):
    """X: (n, d); centroids: (k, d), the starting ones. Each iteration assigns every
    point to its nearest centroid (the lowest index on a tie), then moves each centroid
    to the mean of its points; a centroid with no point stays where it is. Returns the
    final centroids (k, d) and each point's nearest final centroid (n,), in X's dtype.
    No Python loop over the points; X and centroids are left unchanged."""
    # --8<-- [start:solution]
    k = len(centroids)
    for _ in range(iters):
        labels = torch.cdist(X, centroids).argmin(dim=1)  # (n, k) distances -> (n,)
        sums = X.new_zeros(k, X.shape[1]).index_add_(0, labels, X)
        counts = torch.bincount(labels, minlength=k)
        # An empty cluster would be 0 / 0: keep its old centroid.
        means = sums / counts.clamp(min=1)[:, None]
        centroids = torch.where(counts[:, None] > 0, means, centroids)
    # The labels of the final centroids, not the ones that moved them there.
    return centroids, torch.cdist(X, centroids).argmin(dim=1)
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


def check(kmeans):
    torch.manual_seed(0)
    centers = torch.tensor([[0.0, 0.0], [5.0, 5.0], [0.0, 6.0]], dtype=torch.float64)
    truth = torch.arange(3).repeat_interleave(20)
    X = centers[truth] + 0.5 * torch.randn(60, 2, dtype=torch.float64)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    def nearest(X, C):  # point by point; min() keeps the first of equal distances
        return torch.tensor(
            [min(range(len(C)), key=lambda j: ((x - C[j]) ** 2).sum()) for x in X]
        )

    def reference(X, C, iters):  # the loop, cluster by cluster
        C = C.clone()
        for _ in range(iters):
            labels = nearest(X, C)
            for j in range(len(C)):
                if (labels == j).any():
                    C[j] = X[labels == j].mean(dim=0)
        return C, nearest(X, C)

    far = torch.tensor([[100.0, 100.0]], dtype=torch.float64)  # attracts no point
    starts = {
        "one point per blob": X[[0, 20, 40]],
        "all three in one blob": X[[0, 1, 2]],
        "an empty cluster": torch.cat([X[[0, 20]], far]),
        "two equal centroids (a tie)": X[[0, 0, 20]],
    }
    for case, C0 in starts.items():
        for iters in [1, 2, 10]:
            before, X_before = C0.clone(), X.clone()
            C, labels = kmeans(X, C0, iters)
            assert torch.equal(C0, before), "kmeans changed the caller's centroids"
            assert torch.equal(X, X_before), "kmeans changed the caller's X (in place?)"
            C_ref, labels_ref = reference(X, C0, iters)
            close(C, C_ref, f"{case}, {iters} iterations, the centroids")
            assert torch.equal(labels, labels_ref), f"{case}, {iters} iterations"
    # A centroid that moves, then loses its points: it stays where it moved to. On a
    # line: centroid 1 (at 4) takes 0.5 and 9 and moves to 4.75; then centroid 0
    # (now at -1) takes 0.5 and centroid 2 (now at 11) takes 9.
    line = torch.tensor([[-1.0, 0], [0.5, 0], [9, 0], [11, 0]], dtype=torch.float64)
    C0 = torch.tensor([[-5.0, 0], [4, 0], [15, 0]], dtype=torch.float64)
    for iters in [1, 2, 3]:
        C, labels = kmeans(line, C0, iters)
        C_ref, labels_ref = reference(line, C0, iters)
        close(C, C_ref, f"moved, then emptied, {iters} iterations (stays at 4.75)")
        assert torch.equal(labels, labels_ref), f"moved, then emptied, {iters} its"
    # A cluster whose mean has a coordinate exactly 0 is not empty: it moves there.
    X0 = torch.tensor([[-1.0, 1], [1, 1], [10, 10]], dtype=torch.float64)
    C0 = torch.tensor([[0.5, 5], [10, 10]], dtype=torch.float64)
    close(
        kmeans(X0, C0, 1)[0],
        reference(X0, C0, 1)[0],
        "a cluster's mean at x = 0 (want [0, 1]): empty told by sums, not counts?",
    )
    # Seven equal centroids: every tie goes to the lowest index, however many tie.
    X0 = torch.tensor([[0.0, 0], [1, 0], [5, 5], [6, 5]], dtype=torch.float64)
    C0 = torch.tensor([[0.5, 0]] * 7 + [[5.5, 5]], dtype=torch.float64)
    for iters in [1, 2]:
        labels, want = kmeans(X0, C0, iters)[1], reference(X0, C0, iters)[1]
        assert torch.equal(labels, want), (
            f"seven equal centroids, {iters} iterations: labels {labels.tolist()}, "
            f"want {want.tolist()} (the lowest index on a tie: argmin, not topk)"
        )
    # Float64 points far from the origin, a small spread: float64 precision.
    g = torch.Generator().manual_seed(0)
    blob = torch.tensor([[0.0, 0.0], [1.0, 1.0]], dtype=torch.float64)
    Xf = 1000 + blob[torch.arange(2).repeat(10)]
    Xf = Xf + 0.01 * torch.randn(20, 2, dtype=torch.float64, generator=g)
    C, _ = kmeans(Xf, Xf[[0, 1]], 3)
    assert C.dtype == torch.float64, f"float64 points: centroids in {C.dtype}"
    torch.testing.assert_close(
        C,
        reference(Xf, Xf[[0, 1]], 3)[0],
        rtol=0,
        atol=1e-9,
        msg=lambda m: (
            "float64 points near 1000, spread 0.01: the centroids are off (summed in "
            f"float32? keep X's dtype): {m}"
        ),
    )
    # float32 points: centroids in float32 too, and iters=0 returns the start.
    X32, C32 = X.float(), X[[0, 20, 40]].float()
    C, labels = kmeans(X32, C32, 0)
    assert C.dtype == torch.float32, f"float32 points: centroids in {C.dtype}"
    close(C, C32, "iters=0: the starting centroids")
    assert torch.equal(labels.long(), nearest(X32, C32)), "iters=0: the start's labels"
    # No Python loop over the points: as many torch calls for 60 points as for 30,
    # and as many values read out into Python (a loop over .tolist() reads them all).
    counts = []
    for n in (30, 60):
        with Count() as count:
            kmeans(X[:n], X[[0, 20, 25]], 3)
        counts.append((count.calls, count.read))
    assert counts[0][0] == counts[1][0], (
        f"torch calls for 30 and 60 points: {[c[0] for c in counts]}: a Python loop "
        "over the points?"
    )
    assert counts[0][1] == counts[1][1], (
        f"values read out of tensors into Python (tolist, item, float, numpy) for 30 "
        f"and 60 points: {[c[1] for c in counts]}: a Python loop over them?"
    )
    # From one point per blob it finds the blobs: every label right, the blob means.
    C, labels = kmeans(X, X[[0, 20, 40]], 10)
    assert torch.equal(labels, truth), "the three blobs are not recovered"
    means = torch.stack([X[truth == j].mean(0) for j in range(3)])
    close(C, means, "from one point per blob, the centroids are the blob means")
    # The empty cluster's centroid stayed at its start, finite.
    C_empty, _ = kmeans(X, torch.cat([X[[0, 20]], far]), 10)
    assert torch.equal(C_empty[2], far[0]), f"the empty centroid moved: {C_empty[2]}"

    def inertia(C, labels):  # the sum of squared distances k-means lowers
        return ((X - C[labels]) ** 2).sum().item()

    # It does not rise from one iteration to the next.
    curve = [inertia(*kmeans(X, X[[0, 1, 2]], iters)) for iters in range(1, 6)]
    assert curve == sorted(curve, reverse=True), f"the inertia rose: {curve}"
    # From three points of one blob it stops in a worse local minimum: iteration 11
    # moves nothing.
    C10, labels10 = kmeans(X, X[[0, 1, 2]], 10)
    close(kmeans(X, X[[0, 1, 2]], 11)[0], C10, "from one blob, 11 vs 10 iterations")
    found, stuck = inertia(C, labels), inertia(C10, labels10)
    assert stuck > found, "from one blob, a local minimum"
    print(f"kmeans = the loop; inertia {found:.1f}, {stuck:.1f} from a bad start")
    # > kmeans = the loop; inertia 27.6, 283.8 from a bad start
    # Why the float64 case: in float32, far from the origin, cdist's matrix-multiply
    # path (|x|^2 + |c|^2 - 2 x.c, used past 25 points) cancels; differences do not.
    g = torch.Generator().manual_seed(0)
    X32 = 1000 + 0.01 * torch.randn(60, 2, generator=g)
    C32 = X32[:3]
    right = torch.cdist(X32.double(), C32.double()).argmin(1)
    by_mm = (torch.cdist(X32, C32).argmin(1) != right).sum().item()
    by_diff = (((X32[:, None] - C32) ** 2).sum(-1).argmin(1) != right).sum().item()
    print(f"float32 near 1000, labels off: cdist > 20: {by_mm > 20}, x - c: {by_diff}")
    # > float32 near 1000, labels off: cdist > 20: True, x - c: 0


# --8<-- [end:check]


if __name__ == "__main__":
    check(kmeans)
