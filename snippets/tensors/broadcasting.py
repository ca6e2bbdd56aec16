import textwrap
import warnings

import torch
from torch.profiler import ProfilerActivity, profile

a = torch.zeros(3, 1, 5)
b = torch.zeros(4, 1)  # right-aligned: (   4, 1) -> (1, 4, 1)
print((a + b).shape, torch.broadcast_shapes(a.shape, b.shape))
# > torch.Size([3, 4, 5]) torch.Size([3, 4, 5])
_, stretched = torch.broadcast_tensors(a, b)  # b as the add sees it: stride 0, no copy
print(stretched.stride(), stretched.data_ptr() == b.data_ptr())
# > (0, 1, 0) True


def allocated(fn):
    """The largest CPU allocation (bytes) made while fn runs."""
    with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
        fn()
    return max((e.cpu_memory_usage for e in prof.events()), default=0)


# The add itself allocates nothing for b: into a preallocated output it allocates
# nothing at all, where materializing b first costs a 4 MB buffer
col, row, out = torch.zeros(1000, 1), torch.zeros(1, 1000), torch.empty(1000, 1000)
print(allocated(lambda: torch.add(col, row, out=out)))
# > 0
print(allocated(lambda: torch.add(col, row.expand(1000, 1000).contiguous(), out=out)))
# > 4000000

# expand() is that stretched view, explicitly; repeat() copies. An in-place op on an
# expanded tensor would hit one element several times: add_ is refused
v = torch.zeros(1, 3)
expanded, repeated = v.expand(2, 3), v.repeat(2, 1)
print(expanded.stride(), repeated.stride(), expanded.data_ptr() == v.data_ptr())
# > (0, 1) (3, 1) True
try:
    expanded.add_(1)
except RuntimeError as e:
    print(textwrap.fill(str(e).split(". ")[0], 80))
    # > unsupported operation: more than one element of the written-to tensor refers to
    # > a single memory location
refused = []
for name, write in [
    ("mul_", lambda: expanded.mul_(2)),
    ("copy_", lambda: expanded.copy_(torch.ones(2, 3))),
]:
    try:
        write()
    except RuntimeError:
        refused.append(name)
print(refused)
# > ['mul_', 'copy_']

# but item assignment (and fill_, zero_) is not: it writes the shared element, so the
# whole column changes, and so does v
expanded[0, 0] = 5.0
print(expanded.tolist(), v.tolist())
# > [[5.0, 0.0, 0.0], [5.0, 0.0, 0.0]] [[5.0, 0.0, 0.0]]
expanded.fill_(2.0)
print(v.tolist())
# > [[2.0, 2.0, 2.0]]

# masked_fill_ goes through too, with a warning that it is deprecated
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    expanded.masked_fill_(torch.tensor([[True, False, False]] * 2), 7.0)
print(v.tolist(), caught[0].category.__name__)
# > [[7.0, 2.0, 2.0]] UserWarning
print(str(caught[0].message).split(". ")[0])
# > Use of masked_fill_ on expanded tensors is deprecated

try:
    torch.zeros(2, 3) + torch.zeros(2, 4)
except RuntimeError as e:
    print(textwrap.fill(str(e), 80, break_on_hyphens=False))
    # > The size of tensor a (3) must match the size of tensor b (4) at non-singleton
    # > dimension 1

# Per-column normalization works; per-row needs keepdim so the size-1 dim lines up
x = torch.arange(6.0).reshape(2, 3)
print((x - x.mean(dim=0)).shape, (x - x.mean(dim=1, keepdim=True)).shape)
# > torch.Size([2, 3]) torch.Size([2, 3])
try:
    x - x.mean(dim=1)  # (2, 3) - (2,): trailing dims 3 vs 2
except RuntimeError as e:
    print(textwrap.fill(str(e), 80, break_on_hyphens=False))
    # > The size of tensor a (3) must match the size of tensor b (2) at non-singleton
    # > dimension 1
