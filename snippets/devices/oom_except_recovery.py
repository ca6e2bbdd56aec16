import sys
import weakref

import torch

alive = []


def run_model(batch_size):
    activations = torch.zeros(batch_size, 1_000_000)  # 4 MB per sample
    alive.append(weakref.ref(activations))
    # stands in for the allocation that fails on the GPU
    raise torch.OutOfMemoryError("CUDA out of memory. Tried to allocate 2.00 GiB")


try:
    run_model(64)
except torch.OutOfMemoryError:
    # the traceback -> run_model's frame -> its locals: the 256 MB is still held
    held = list(sys.exc_info()[2].tb_next.tb_frame.f_locals)
    print("inside except:", alive[0]() is not None, held)
    # > inside except: True ['batch_size', 'activations']
print("after except:", alive[0]() is None)
# > after except: True

# The fix: note the failure in the except, recover after it
oom = False
try:
    run_model(64)
except torch.OutOfMemoryError:
    oom = True
if oom:
    print("recovering, old activations freed:", alive[1]() is None)
    # > recovering, old activations freed: True

# Keeping the exception past the block keeps the frames, and the tensor
try:
    run_model(64)
except torch.OutOfMemoryError as e:
    saved = e
print("exception kept:", alive[2]() is not None)
# > exception kept: True
del saved
print("after del:", alive[2]() is None)
# > after del: True
