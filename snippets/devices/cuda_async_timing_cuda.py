import time
import warnings

import torch

x = torch.randn(8192, 8192, device="cuda")  # one matmul: about 1.1 TFLOP
# warm-up: the first call pays for cuBLAS initialization, the second leaves a cached
# block for the timed result, so no cudaMalloc is timed below
for _ in range(2):
    y = x @ x
torch.cuda.synchronize()

start = time.perf_counter()
y = x @ x  # returns as soon as the kernel is queued
launched = time.perf_counter() - start
torch.cuda.synchronize()  # wait for the GPU to finish
finished = time.perf_counter() - start
# the launch is a small part of the time: a timer without the synchronize sees it only
print(launched < 0.1 * finished)
# > True

# CUDA events are recorded on the stream, so they time the GPU work itself.
begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
begin.record()
y = x @ x
end.record()
end.synchronize()  # elapsed_time needs the end event to have completed
print(begin.elapsed_time(end) / 1000 > 10 * launched)  # milliseconds to seconds
# > True

# set_sync_debug_mode("warn") warns at calls that make the host wait, such as these,
# and not at a call that only queues work.
torch.cuda.set_sync_debug_mode("warn")
calls = {
    "item": lambda: y.sum().item(),  # a result the host needs
    "pageable copy": lambda: torch.ones(4).to("cuda"),  # a blocking copy
    "sum": lambda: y.sum(),  # queued, nothing waits
}
for name, call in calls.items():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call()
    print(name, "warned:", len(caught) > 0)
    # > item warned: True
    # > pageable copy warned: True
    # > sum warned: False
torch.cuda.set_sync_debug_mode("default")
