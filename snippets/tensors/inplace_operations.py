import torch

x = torch.ones(3)
y = x.add(1)  # out-of-place: a new tensor
z = x.add_(1)  # in-place (trailing _): writes into x and returns x itself
print(x, y is x, z is x)
# > tensor([2., 2., 2.]) False True
ptr = x.data_ptr()
x += 1  # += is in-place too; x = x + 1 is not
print(x.data_ptr() == ptr, (x + 1).data_ptr() == ptr)
# > True False

# What in-place saves: the output buffer, one tensor-sized allocation per op
torch.manual_seed(0)
act = torch.randn(256, 1024)  # a 1 MiB float32 activation
out = act.relu()  # out-of-place: a second 1 MiB buffer
print(out.data_ptr() == act.data_ptr(), out.untyped_storage().nbytes() // 2**20, "MiB")
# > False 1 MiB
print(act.relu_().data_ptr() == act.data_ptr())  # in-place: written into act
# > True

base = torch.zeros(2, 3)
row = base[0]  # basic indexing returns a view
row.fill_(7)  # in-place on a view writes into the base
print(base)
# > tensor([[7., 7., 7.],
# >         [0., 0., 0.]])

try:
    # the result must fit self: in-place cannot broadcast self up
    torch.zeros(3).add_(torch.ones(2, 3))
except RuntimeError as e:
    print(e)
    # > output with shape [3] doesn't match the broadcast shape [2, 3]

w = torch.ones(3, requires_grad=True)
try:
    w.sub_(0.1)  # autograd forbids in-place on a leaf it tracks
except RuntimeError as e:
    print(e)
    # > a leaf Variable that requires grad is being used in an in-place operation.
with torch.no_grad():
    w.sub_(0.1)  # update outside the graph
print(w, w.is_leaf)
# > tensor([0.9000, 0.9000, 0.9000], requires_grad=True) True
w.grad = torch.ones(3)
torch.optim.SGD([w], lr=0.1).step()  # the same in-place write, with grad mode off
print(w, w.is_leaf)
# > tensor([0.8000, 0.8000, 0.8000], requires_grad=True) True
