import collections
import functools

import torch
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils.checkpoint import checkpoint, create_selective_checkpoint_contexts


class CountOps(TorchDispatchMode):
    """Counts the aten ops that actually run."""

    def __init__(self):
        super().__init__()
        self.counts = collections.Counter()

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.counts[func.__name__] += 1
        return func(*args, **(kwargs or {}))


torch.manual_seed(0)
block = torch.nn.Sequential(
    torch.nn.Linear(64, 64),
    torch.nn.GELU(),
    torch.nn.Linear(64, 64),
    torch.nn.GELU(),
    torch.nn.Linear(64, 64),
)
x = torch.randn(32, 64, requires_grad=True)


def recomputed(**options):
    """Which forward ops run again during backward."""
    loss = checkpoint(block, x, use_reentrant=False, **options).sum()
    with CountOps() as mode:
        loss.backward()
    return mode.counts["addmm.default"], mode.counts["gelu.default"]


# full recompute: the Linears (addmm) and GELUs run again; the last Linear's output
# is not needed by backward, so recomputation stops before it
print(recomputed())
# > (2, 2)
# selective: save the matmul outputs, recompute only the cheap GELUs
save_matmuls = functools.partial(
    create_selective_checkpoint_contexts, [torch.ops.aten.addmm.default]
)
print(recomputed(context_fn=save_matmuls))
# > (0, 2)
