import textwrap
import warnings

import torch
from torch.utils.data import DataLoader

x = torch.randn(4, 4)
print(x.is_pinned())  # ordinary pageable memory
# > False

# Pinned (page-locked) host memory is allocated through the accelerator's driver: no
# accelerator, no pinning.
try:
    x.pin_memory()
except RuntimeError as e:
    print(e)
    # > Cannot access accelerator device when none is available.

# So a DataLoader asked to pin on a CPU-only machine warns and returns ordinary batches.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    batch = next(iter(DataLoader(torch.randn(8, 4), batch_size=4, pin_memory=True)))
print(caught[0].category.__name__, batch.is_pinned())
# > UserWarning False
print(textwrap.fill(str(caught[0].message), 80))
# > 'pin_memory' argument is set as true but no accelerator is found, then device
# > pinned memory won't be used.
