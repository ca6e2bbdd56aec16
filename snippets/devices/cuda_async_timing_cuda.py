import time

import torch

x = torch.randn(4096, 4096, device="cuda")
_ = x @ x  # warm-up: the first call pays for cuBLAS initialization
torch.cuda.synchronize()

start = time.perf_counter()
y = x @ x  # returns as soon as the kernel is queued
launched = time.perf_counter() - start
torch.cuda.synchronize()  # wait for the GPU to finish
finished = time.perf_counter() - start
# timing without the synchronize measures the launch, not the work
print(launched < finished)
# > True

# CUDA events are recorded on the stream, so they time the GPU work itself.
begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
begin.record()
y = x @ x
end.record()
end.synchronize()  # elapsed_time needs the end event to have completed
print(begin.elapsed_time(end) > 0)  # milliseconds
# > True
