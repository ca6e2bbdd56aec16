"""torch.eye from a broadcast comparison of two aranges, checked against torch.eye."""

import torch


def eye(n, m=None, dtype=torch.float32):
    """The (n, m) identity matrix, m = n when not given, as torch.eye(n, m,
    dtype=dtype). Puzzle rules; no loops, no torch.eye."""
    # --8<-- [start:solution]
    m = n if m is None else m  # not `m or n`: m = 0 is a valid width
    return (torch.arange(n)[:, None] == torch.arange(m)[None, :]).to(dtype)
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = ("torch.eye",)


def check(eye):
    torch.manual_seed(0)

    def same(got, want, case):
        torch.testing.assert_close(
            got, want, rtol=0, atol=0, msg=lambda m: f"{case}: {m}"
        )

    n = int(torch.randint(2, 20, ()))
    same(eye(n), torch.eye(n), f"eye({n}), no dtype: torch.eye gives float32")
    for shape in [(0, 0), (1, 1), (3, 5), (5, 3), (3, 0), (0, 3)]:
        for dtype in [torch.float32, torch.float64, torch.int64, torch.bool]:
            same(
                eye(*shape, dtype), torch.eye(*shape, dtype=dtype), f"{shape}, {dtype}"
            )
    print("eye matches torch.eye: square, wide, tall, zero rows or columns, 4 dtypes")
    # > eye matches torch.eye: square, wide, tall, zero rows or columns, 4 dtypes


# --8<-- [end:check]


if __name__ == "__main__":
    check(eye)
