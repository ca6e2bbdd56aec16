import torch

torch.use_deterministic_algorithms(True)
torch.backends.cudnn.benchmark = False  # no timing-based algorithm choice (cuDNN only)
print(torch.are_deterministic_algorithms_enabled())
# > True

x = torch.zeros(4)
# two writes to the same element: which one wins is not defined
index = torch.tensor([0, 0])
try:
    x.put_(index, torch.tensor([1.0, 2.0]))
except RuntimeError as e:
    print(str(e).split(", but")[0])
    # > put_ does not have a deterministic implementation
# has a deterministic path
print(x.index_put_((index,), torch.tensor([1.0, 2.0]), accumulate=True))
# > tensor([3., 0., 0., 0.])
