"""torch.eye from a broadcast comparison of two aranges, checked against torch.eye."""

import torch


def eye(n, m=None, dtype=torch.float32):
    """The (n, m) identity matrix, m = n when not given, as torch.eye(n, m,
    dtype=dtype), for every float, integer and bool dtype and any size. Puzzle rules; no
    loops, no torch.eye."""
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
    same(eye(n), torch.eye(n), f"eye({n}), no dtype given")
    dtypes = [torch.float32, torch.float64, torch.float16, torch.bfloat16]
    dtypes += [torch.int64, torch.int32, torch.int8, torch.uint8, torch.bool]
    for shape in [(0, 0), (1, 1), (3, 5), (5, 3), (3, 0), (0, 3)]:
        for dtype in dtypes:
            same(
                eye(*shape, dtype), torch.eye(*shape, dtype=dtype), f"{shape}, {dtype}"
            )
    # Indices past what these hold exactly: bfloat16 rounds past 256, uint8, int8 wrap.
    for dtype in [torch.bfloat16, torch.uint8, torch.int8]:
        same(
            eye(260, 258, dtype),
            torch.eye(260, 258, dtype=dtype),
            f"(260, 258), {dtype} (indices computed in {dtype}? compare int64"
            " aranges, cast last)",
        )
    print("eye matches torch.eye: square, wide, tall, empty, 260 x 258, 9 dtypes")
    # > eye matches torch.eye: square, wide, tall, empty, 260 x 258, 9 dtypes


# --8<-- [end:check]


if __name__ == "__main__":
    check(eye)
