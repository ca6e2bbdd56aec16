import torch

# The CUDA C++ kernel this models, line by line:
#   __global__ void add(const float* a, const float* b, float* c, int n) {
#     int stride = gridDim.x * blockDim.x;                  // threads in the grid
#     for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
#       c[i] = a[i] + b[i];
#   }
#   add<<<blocks, 256>>>(a, b, c, n);


def launch(n, blocks, threads, stride_fn):
    """Run every thread of the grid; return how often each element was written."""
    writes = [0] * (n + 64)  # 64 extra slots catch out-of-bounds writes
    for block_idx in range(blocks):
        for thread_idx in range(threads):
            i = block_idx * threads + thread_idx
            stride = stride_fn(blocks, threads)
            while i < n:  # the bounds check is the loop condition
                writes[i] += 1
                i += stride
    return torch.tensor(writes)


def grid_stride(blocks, threads):
    return blocks * threads


def block_stride(blocks, threads):  # the bug: i += blockDim.x
    return threads


for n, blocks in [(1, 1), (1000, 4), (1000, 2), (4097, 3)]:
    w = launch(n, blocks, 256, grid_stride)
    once = bool((w[:n] == 1).all()) and int(w[n:].sum()) == 0
    print(f"n={n:5} blocks={blocks}: every element exactly once: {once}")
    # > n=    1 blocks=1: every element exactly once: True
    # > n= 1000 blocks=4: every element exactly once: True
    # > n= 1000 blocks=2: every element exactly once: True
    # > n= 4097 blocks=3: every element exactly once: True

w = launch(1000, 2, 256, block_stride)
print("i += blockDim.x: max writes per element", int(w.max()))
# > i += blockDim.x: max writes per element 2

# without the loop and the check: one element per thread, c[i] for every i < 4 * 256
n, threads = 1000, 256
i = torch.arange(-(-n // threads) * threads)  # ceil(n / 256) blocks
print("no bounds check: out-of-bounds writes", int((i >= n).sum()))
# > no bounds check: out-of-bounds writes 24

torch.manual_seed(0)
a, b = torch.randn(n), torch.randn(n)
c = torch.empty(n)
stride = 2 * threads  # 2 blocks of 256, vectorized over the threads
for start in range(0, n, stride):  # each pass of the loop, all threads at once
    i = torch.arange(start, min(start + stride, n))
    c[i] = a[i] + b[i]
print("c == a + b:", torch.equal(c, a + b))
# > c == a + b: True
