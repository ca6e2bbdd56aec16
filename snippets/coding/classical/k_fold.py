"""k-fold cross-validation indices, checked against hand cases and set arithmetic."""

import torch


def k_fold_indices(n, k, shuffle=False, generator=None):
    """Returns k pairs (train_idx, val_idx) of 1-D int64 tensors. The val folds
    partition range(n), the first n % k folds one longer (as sklearn's KFold); without
    shuffle they are contiguous and in order, with shuffle they split a permutation of
    the samples drawn from generator (which advances; torch's global RNG when it is
    None, left alone when it is not). Each train_idx is the rest of range(n), in any
    order. k < 2 or k > n: ValueError."""
    # --8<-- [start:solution]
    if not 2 <= k <= n:
        raise ValueError(f"k = {k} must be in [2, n = {n}]")
    order = torch.randperm(n, generator=generator) if shuffle else torch.arange(n)
    # n // k each, and one more for the first n % k folds: sizes differ by at most 1.
    sizes = [n // k + (1 if i < n % k else 0) for i in range(k)]
    folds = torch.split(order, sizes)
    pairs = []
    for i, val in enumerate(folds):
        train = torch.cat([f for j, f in enumerate(folds) if j != i])
        pairs.append((train, val))
    return pairs
    # --8<-- [end:solution]


# --8<-- [start:check]
def check(k_fold_indices):
    def as_index(x, case):
        assert isinstance(x, torch.Tensor), (
            f"{case}: want a tensor, got {type(x).__name__}"
        )
        assert x.dim() == 1 and x.dtype == torch.int64, (
            f"{case}: want a 1-D int64 tensor, got {x.dtype} of shape {tuple(x.shape)}"
        )
        return x

    def partition(n, k, case, shuffle=False, generator=None):
        pairs = k_fold_indices(n, k, shuffle=shuffle, generator=generator)
        assert len(pairs) == k, f"{case}: {len(pairs)} folds, want {k}"
        vals = []
        for i, (train, val) in enumerate(pairs):
            train, val = as_index(train, f"{case}, fold {i} train"), as_index(val, case)
            vals.append(val)
            rest = torch.ones(n, dtype=torch.bool)
            rest[val] = False
            assert torch.equal(train.sort().values, torch.arange(n)[rest]), (
                f"{case}, fold {i}: train is not exactly range(n) minus the val fold"
            )
        every = torch.cat(vals)
        assert torch.equal(every.sort().values, torch.arange(n)), (
            f"{case}: the val folds do not partition range({n}) (a sample missing or "
            "in two folds)"
        )
        return [len(v) for v in vals], vals

    # Hand cases: the first n % k folds one longer, as sklearn's KFold.
    hand = {
        (10, 5): [2] * 5,
        (10, 3): [4, 3, 3],
        (11, 4): [3, 3, 3, 2],
        (7, 7): [1] * 7,
        (5, 2): [3, 2],
        (2, 2): [1, 1],
    }
    for (n, k), want in hand.items():
        case = f"n = {n}, k = {k}"
        sizes, vals = partition(n, k, case)
        assert sizes == want, f"{case}: val fold sizes {sizes}, want {want}"
        starts = [sum(want[:i]) for i in range(k)]
        for i, v in enumerate(vals):
            want_v = torch.arange(starts[i], starts[i] + want[i])
            assert torch.equal(v, want_v), (
                f"{case}, no shuffle: fold {i} is {v.tolist()}, want {want_v.tolist()}"
            )
        shuffled, _ = partition(
            n, k, case + ", shuffled", True, torch.Generator().manual_seed(0)
        )
        assert shuffled == want, f"{case}, shuffled: val fold sizes {shuffled}"
        # A generator alone does not ask for a shuffle: shuffle=False stays in order.
        _, kept = partition(
            n, k, case + ", shuffle=False", False, torch.Generator().manual_seed(0)
        )
        for i, v in enumerate(kept):
            want_v = torch.arange(starts[i], starts[i] + want[i])
            assert torch.equal(v, want_v), (
                f"{case}, shuffle=False with a generator given: fold {i} is "
                f"{v.tolist()}, "
                f"want {want_v.tolist()} (shuffled because a generator was passed?)"
            )
    for n in range(2, 30):  # every k: sizes differ by at most 1, the longer ones first
        for k in range(2, n + 1):
            sizes, _ = partition(n, k, f"n = {n}, k = {k}")
            assert sizes == sorted(sizes, reverse=True) and sizes[0] - sizes[-1] <= 1, (
                f"n = {n}, k = {k}: val fold sizes {sizes}"
            )

    # Shuffle: drawn from the generator it is given, the same for the same seed.
    def vals(seed):
        g = torch.Generator().manual_seed(seed)
        return partition(20, 4, f"n = 20, k = 4, shuffled, seed {seed}", True, g)[1]

    torch.manual_seed(1)
    first = vals(0)
    torch.manual_seed(2)  # the global seed must not matter
    again = vals(0)
    assert all(torch.equal(a, b) for a, b in zip(first, again, strict=True)), (
        "shuffle: the same generator seed gave different folds (the generator ignored?)"
    )
    assert not torch.equal(torch.cat(first), torch.arange(20)), (
        "shuffle did not shuffle"
    )
    assert not torch.equal(torch.cat(vals(1)), torch.cat(first)), "seeds 0, 1 agree"

    def contiguous(
        v, n=20
    ):  # the values of a range in any order, or of one wrapping n-1 -> 0
        s = set(v.tolist())
        return any(s == {(a + i) % n for i in range(len(s))} for a in s)

    assert not all(contiguous(v) for v in first), (
        f"n = 20, k = 4, shuffled: every val fold is still a contiguous range "
        f"{[v.tolist() for v in first]}: the blocks shuffled (or the samples within "
        "each block, or range(n) rotated), not the samples?"
    )
    # The draw comes from the generator (its state advances), not the global RNG.
    g = torch.Generator().manual_seed(0)
    state, global_state = g.get_state(), torch.get_rng_state()
    k_fold_indices(20, 4, shuffle=True, generator=g)
    assert torch.equal(torch.get_rng_state(), global_state), (
        "shuffle with a generator changed torch's global RNG state: seeded it or drew "
        "from it instead of the generator?"
    )
    assert not torch.equal(g.get_state(), state), (
        "shuffle with a generator left its state unchanged: the permutation was not "
        "drawn from it (a copy, or the global RNG?)"
    )
    # A second call on the same generator draws on from where the first one left it.
    g = torch.Generator().manual_seed(0)
    one = partition(20, 4, "n = 20, k = 4, shuffled, 1st call on a generator", True, g)[
        1
    ]
    two = partition(20, 4, "n = 20, k = 4, shuffled, 2nd call on it", True, g)[1]
    assert not all(torch.equal(a, b) for a, b in zip(one, two, strict=True)), (
        "n = 20, k = 4, shuffled: two calls on one generator gave the same folds: "
        "re-seeded it (manual_seed(initial_seed())) or drew from a copy, instead of "
        "drawing on from its current state?"
    )
    # Without a generator, shuffle still shuffles (from torch's global RNG).
    torch.manual_seed(0)
    global_state = torch.get_rng_state()
    _, none = partition(20, 4, "n = 20, k = 4, shuffled, generator=None", True)
    assert not all(contiguous(v) for v in none), (
        f"n = 20, k = 4, shuffle=True, generator=None: the val folds "
        f"{[v.tolist() for v in none]} are not shuffled (want torch's global RNG)"
    )
    # ... from the global RNG itself: it advances, and its seed decides the folds.
    assert not torch.equal(torch.get_rng_state(), global_state), (
        "n = 20, k = 4, shuffle=True, generator=None: torch's global RNG state did not "
        "advance: drew from a fresh torch.Generator() (a fixed seed) or a copy, not "
        "from "
        "the global RNG?"
    )
    torch.manual_seed(0)
    _, same = partition(
        20, 4, "n = 20, k = 4, shuffled, generator=None, seed 0 again", True
    )
    torch.manual_seed(1)
    _, other = partition(20, 4, "n = 20, k = 4, shuffled, generator=None, seed 1", True)
    assert all(torch.equal(a, b) for a, b in zip(none, same, strict=True)), (
        "shuffle=True, generator=None: the same global seed (0) gave different folds"
    )
    assert not all(torch.equal(a, b) for a, b in zip(none, other, strict=True)), (
        "shuffle=True, generator=None: global seeds 0 and 1 gave the same folds: the "
        "global RNG not used (a fresh torch.Generator() with its fixed seed?)"
    )
    # Too many folds, or fewer than two: ValueError.
    for n, k in [(3, 4), (0, 2), (5, 1), (5, 0)]:
        try:
            k_fold_indices(n, k)
        except ValueError:
            continue
        raise AssertionError(f"n = {n}, k = {k}: want a ValueError")
    print("k_fold_indices: partitions, sizes, order and ValueError as the task says")
    # > k_fold_indices: partitions, sizes, order and ValueError as the task says


# --8<-- [end:check]


if __name__ == "__main__":
    check(k_fold_indices)
