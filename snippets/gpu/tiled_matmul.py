import torch


def naive(a, b):
    """One thread per c[i, j]: it reads row i of a and column j of b from HBM."""
    m, k = a.shape
    c, loads = torch.zeros(m, b.shape[1]), 0
    for i in range(m):
        for j in range(b.shape[1]):
            c[i, j] = a[i, :] @ b[:, j]
            loads += 2 * k
    return c, loads


def tiled(a, b, t):
    """One block of t x t threads per t x t tile of c, K walked t columns at a time."""
    (m, k), n = a.shape, b.shape[1]
    c, loads = torch.zeros(m, n), 0
    for i in range(0, m, t):
        for j in range(0, n, t):
            acc = torch.zeros(t, t)  # each thread's accumulator, in registers
            for p in range(0, k, t):
                # each thread loads one element of each tile (zeros past the edges)
                a_tile, b_tile = torch.zeros(t, t), torch.zeros(t, t)
                a_src, b_src = a[i : i + t, p : p + t], b[p : p + t, j : j + t]
                a_tile[: a_src.shape[0], : a_src.shape[1]] = a_src
                b_tile[: b_src.shape[0], : b_src.shape[1]] = b_src
                loads += a_src.numel() + b_src.numel()
                # __syncthreads(); every thread reads t values of each from shared
                acc += a_tile @ b_tile
                # __syncthreads(); before the next tile overwrites these
            c[i : i + t, j : j + t] = acc[: min(t, m - i), : min(t, n - j)]
    return c, loads


torch.manual_seed(0)
a, b = torch.randn(64, 64), torch.randn(64, 64)
c_naive, naive_loads = naive(a, b)
for t in (8, 16, 32):
    c_tiled, tiled_loads = tiled(a, b, t)
    ok = torch.allclose(c_tiled, a @ b, atol=1e-4)
    per_out = tiled_loads / (64 * 64)
    print(f"T={t:2}: == a @ b {ok}, loads per output {per_out:.0f} (naive 2K = 128)")
    # > T= 8: == a @ b True, loads per output 16 (naive 2K = 128)
    # > T=16: == a @ b True, loads per output 8 (naive 2K = 128)
    # > T=32: == a @ b True, loads per output 4 (naive 2K = 128)
print("naive == a @ b:", torch.allclose(c_naive, a @ b, atol=1e-4), naive_loads)
# > naive == a @ b: True 524288

a, b = torch.randn(50, 37), torch.randn(37, 45)  # no dimension a multiple of 16
print("awkward shape, T=16:", torch.allclose(tiled(a, b, 16)[0], a @ b, atol=1e-4))
# > awkward shape, T=16: True
