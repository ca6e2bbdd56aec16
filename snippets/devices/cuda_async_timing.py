import torch
from torch.utils import benchmark

x = torch.randn(128, 128)

# benchmark.Timer warms up, picks how many runs to time per block, synchronizes the
# accelerator around
# each block when one is present, and returns a Measurement of many replicates.
timer = benchmark.Timer(
    stmt="x @ x", globals={"x": x}, label="matmul", description="128x128"
)
m = timer.blocked_autorange(min_run_time=0.05)
print(type(m).__name__, m.number_per_run >= 1, len(m.times) >= 1)
# > Measurement True True
# compare medians (seconds per run), not one run
print(isinstance(m.median, float), m.median <= max(m.times))
# > True True

# It runs with one thread unless told otherwise: match num_threads to the code you care
# about.
m2 = benchmark.Timer(stmt="x @ x", globals={"x": x}, num_threads=2).timeit(10)
print(m.task_spec.num_threads, m2.task_spec.num_threads)
# > 1 2
