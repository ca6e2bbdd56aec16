import torch

torch.manual_seed(0)
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
# and uninitialized memory is filled, so reading it gives the same values every run
print(torch.utils.deterministic.fill_uninitialized_memory, torch.empty(3))
# > True tensor([nan, nan, nan])
print(torch.empty(2, dtype=torch.int64))  # integers: the dtype's largest value
# > tensor([9223372036854775807, 9223372036854775807])

# deterministic for a given thread count: a CPU reduction splits its work by thread
values = torch.randn(10, 1_000_000)
sums = {}
for threads in (1, 2):
    torch.set_num_threads(threads)
    sums[threads] = torch.stack([row.sum() for row in values])  # 10 full sums
again = torch.stack([row.sum() for row in values])  # 2 threads again
print(torch.equal(again, sums[2]), torch.equal(sums[1], sums[2]))
# > True False
