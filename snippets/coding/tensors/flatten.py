"""a.flatten() of a matrix by indexing with k // m and k % m, checked against it."""

import torch


def flatten(a):
    """a (n, m), of any strides, as the 1-D (n * m,) tensor of its rows one after
    another (row-major), as a.flatten(). Puzzle rules; no loops, no flatten, view,
    reshape or ravel (nor as_strided, view_copy or resize_, the same under other
    names)."""
    # --8<-- [start:solution]
    n, m = a.shape
    k = torch.arange(n * m)
    # Entry k is row k // m, column k % m. Indexing goes through the strides, so a
    # transposed view works; for m == 0, k is empty and k // 0 raises nothing.
    return a[k // m, k % m]
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.flatten",
    "torch.Tensor.flatten",
    "torch.nn.Flatten",
    "torch.Tensor.view",
    "torch.Tensor.view_as",
    "torch.reshape",
    "torch.Tensor.reshape",
    "torch.Tensor.reshape_as",
    "torch.ravel",
    "torch.Tensor.ravel",
    "torch.as_strided",  # view(-1) of a contiguous copy, under other names
    "torch.Tensor.as_strided",
    "torch.as_strided_copy",
    "torch.view_copy",
    "torch.Tensor.resize_",  # reshape in place
    "torch.Tensor.resize_as_",
)


def check(flatten):
    torch.manual_seed(0)

    def same(got, want, case):
        torch.testing.assert_close(
            got, want, rtol=0, atol=0, equal_nan=True, msg=lambda m: f"{case}: {m}"
        )

    def call(case, a):
        try:
            return flatten(a)
        except (AssertionError, NotImplementedError):
            raise
        except Exception as e:
            raise AssertionError(f"{case}: your code raised {e!r}") from e

    matrices = {
        "float32, 3 x 5": torch.randn(3, 5),
        "float32, 5 x 3": torch.randn(5, 3),
        "square, 4 x 4": torch.randn(4, 4),
        "transposed view, 5 x 3": torch.randn(3, 5).t(),
        "every other column, 3 x 3": torch.randn(3, 6)[:, ::2],
        "int64": torch.randint(-9, 9, (2, 3)),
        "bool": torch.rand(3, 2) > 0.5,
        "1 x 4": torch.randn(1, 4),
        "4 x 1": torch.randn(4, 1),
        "empty, 0 x 3": torch.zeros(0, 3),
        "empty, 3 x 0": torch.zeros(3, 0),
        "empty, 0 x 0": torch.zeros(0, 0),
    }
    for case, a in matrices.items():
        case = f"{case}, strides {a.stride()}"
        same(call(case, a), a.flatten(), case)
    print("flatten matches Tensor.flatten: tall, wide, transposed, strided, empty")
    # > flatten matches Tensor.flatten: tall, wide, transposed, strided, empty


# --8<-- [end:check]


if __name__ == "__main__":
    check(flatten)
