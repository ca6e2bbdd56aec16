import torch

# CUDA C++: dim3 block(4, 2); dim3 grid(ceil(7 / 4), ceil(5 / 2));
#           add2d<<<grid, block>>>(a, b, c, 5, 7);   // returns at once: asynchronous
# each thread: row = blockIdx.y * blockDim.y + threadIdx.y   (x likewise for col)
#              if (row < rows && col < cols) c[row * cols + col] = a[...] + b[...];
torch.manual_seed(0)
rows, cols = 5, 7
a, b = torch.randn(rows, cols), torch.randn(rows, cols)
block = (4, 2)  # (x, y): 8 threads per block
grid = (-(-cols // block[0]), -(-rows // block[1]))  # ceil division
print("grid:", grid, "blocks:", grid[0] * grid[1], "threads:", 8 * grid[0] * grid[1])
# > grid: (2, 3) blocks: 6 threads: 48

c = torch.full((rows, cols), float("nan"))
writes = torch.zeros(rows, cols, dtype=torch.long)
for by in range(grid[1]):  # the hardware runs blocks in any order, on any SM
    for bx in range(grid[0]):
        for ty in range(block[1]):
            for tx in range(block[0]):
                row, col = by * block[1] + ty, bx * block[0] + tx
                if row < rows and col < cols:  # the bounds check
                    c[row, col] = a[row, col] + b[row, col]
                    writes[row, col] += 1
once = bool((writes == 1).all())
print("c == a + b:", torch.equal(c, a + b), "| each element once:", once)
# > c == a + b: True | each element once: True


def warp_of(block_dim):
    """Warps take consecutive ids: tid = threadIdx.x + threadIdx.y * blockDim.x."""
    bx, by = block_dim
    ty, tx = torch.meshgrid(torch.arange(by), torch.arange(bx), indexing="ij")
    tid = tx + ty * bx
    first = tid // 32 == 0  # the threads of warp 0
    return sorted(set(ty[first].tolist())), sorted(set(tx[first].tolist()))


ys, xs = warp_of((32, 8))
print("block (32, 8), warp 0: rows", ys, "columns", f"{xs[0]}..{xs[-1]}")
# > block (32, 8), warp 0: rows [0] columns 0..31
ys, xs = warp_of((8, 32))
print("block (8, 32), warp 0: rows", ys, "columns", f"{xs[0]}..{xs[-1]}")
# > block (8, 32), warp 0: rows [0, 1, 2, 3] columns 0..7
