import torch

TILE = 32  # a 32 x 32 tile per block of threads (32 x 8 in the real kernel: 4 passes)


def transpose_tiled(a, pad=1):
    """Model of the kernel: each block stages one tile in shared memory."""
    rows, cols = a.shape
    inp, out = a.flatten(), torch.full((rows * cols,), float("nan"))
    tx = torch.arange(TILE)  # threadIdx.x: one warp is one value of threadIdx.y
    for by in range(-(-rows // TILE)):
        for bx in range(-(-cols // TILE)):
            tile = torch.zeros(TILE * (TILE + pad))  # __shared__ float[32][32 + pad]
            for ty in range(TILE):  # one warp per tile row
                x, y = bx * TILE + tx, by * TILE + ty
                ok = (x < cols) & (y < rows)  # read a row of a: coalesced
                tile[ty * (TILE + pad) + tx[ok]] = inp[y * cols + x[ok]]
            # __syncthreads(): the whole tile is in shared memory
            for ty in range(TILE):
                x, y = by * TILE + tx, bx * TILE + ty
                ok = (x < rows) & (y < cols)  # write a row of a.T: coalesced
                out[y * rows + x[ok]] = tile[tx[ok] * (TILE + pad) + ty]
    return out.view(cols, rows)


torch.manual_seed(0)
a = torch.randn(70, 45)  # not a multiple of the tile
print("tiled transpose == a.T:", torch.equal(transpose_tiled(a), a.T))
# > tiled transpose == a.T: True


def sectors(word_index):
    """32-byte sectors one warp's float32 access touches."""
    return len(set((word_index * 4 // 32).tolist()))


lane, n = torch.arange(32), 1024  # one warp, a 1024 x 1024 float32 matrix
print("naive: read a[y, x + lane]", sectors(5 * n + lane), "sectors")
# > naive: read a[y, x + lane] 4 sectors
print("naive: write out[x + lane, y]", sectors((5 + lane) * n), "sectors")
# > naive: write out[x + lane, y] 32 sectors
print("tiled: write out[y, x + lane]", sectors(7 * n + lane), "sectors")
# > tiled: write out[y, x + lane] 4 sectors


def bank_conflict(words):
    """Shared memory: 32 banks of 4-byte words; a bank serves one word at a time."""
    banks = {}
    for w in set(words.tolist()):
        banks[w % 32] = banks.get(w % 32, 0) + 1
    return max(banks.values())


for pad in (0, 1):  # the warp reads a column of the tile: tile[lane][c]
    words = lane * (TILE + pad) + 3
    print(f"tile[32][{TILE + pad}] column read: {bank_conflict(words)}-way conflict")
    # > tile[32][32] column read: 32-way conflict
    # > tile[32][33] column read: 1-way conflict
print(f"row read tile[c][lane]: {bank_conflict(3 * TILE + lane)}-way")
# > row read tile[c][lane]: 1-way
print("without padding, still correct:", torch.equal(transpose_tiled(a, pad=0), a.T))
# > without padding, still correct: True
