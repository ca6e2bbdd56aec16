import torch
from torch.utils import benchmark

x = torch.randn(128, 128)

# blocked_autorange: picks how many runs go in one timed block, then times blocks
# until min_run_time is spent. Each block is one replicate in the Measurement.
timer = benchmark.Timer(stmt="x @ x", globals={"x": x})
blocks = []  # the callback sees each timed block: (runs in it, seconds)
m = timer.blocked_autorange(callback=lambda n, t: blocks.append(n), min_run_time=0.5)
print(len(blocks) == len(m.times), set(blocks) == {m.number_per_run})
# > True True

# timeit(n) times n runs as ONE replicate: its median is a single measurement.
m2 = benchmark.Timer(stmt="x @ x", globals={"x": x}, num_threads=2).timeit(10)
print(m2.number_per_run, len(m2.times))
# > 10 1

# It runs with one thread unless told otherwise: match num_threads to the code you care
# about.
print(m.task_spec.num_threads, m2.task_spec.num_threads)
# > 1 2
