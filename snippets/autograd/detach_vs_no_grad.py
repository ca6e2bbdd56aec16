import torch

w = torch.tensor([2.0, 3.0], requires_grad=True)
x = torch.tensor([1.0, 4.0], requires_grad=True)

# detach(): this one tensor has no history; the ops around it are still recorded
h = (x * w).detach()  # the values of x * w, a constant to autograd
y = (h * w).sum()
print(h.requires_grad, h.grad_fn, y.grad_fn.name())
# > False None SumBackward0
y.backward()
print(w.grad, x.grad)  # w still gets dy/dw = h; x's only path went through h
# > tensor([ 2., 12.]) None
# and it is not a copy: the detached tensor shares the original's memory
t = x * w
print(t.detach().untyped_storage().data_ptr() == t.untyped_storage().data_ptr())
# > True

# no_grad(): no op inside the region is recorded, whatever its inputs require
with torch.no_grad():
    z = (x * w).sum()
    print(torch.is_grad_enabled(), z.requires_grad, z.grad_fn)
    # > False False None
    w.mul_(0.5)  # an in-place update of a leaf: what optimizer.step() does
print(w)
# > tensor([1.0000, 1.5000], requires_grad=True)
try:
    z.backward()
except RuntimeError as e:
    print(str(e).split(" and ")[0])
    # > element 0 of tensors does not require grad
try:
    w.mul_(2)  # the same update outside no_grad
except RuntimeError as e:
    print(e)
    # > a leaf Variable that requires grad is being used in an in-place operation.
# any grad-off mode permits it, and so does a write through detach(), which does not
# require grad: it passes the leaf check (the version counter still sees it, below)
with torch.inference_mode():
    w.mul_(2)
with torch.set_grad_enabled(False):
    w.mul_(2)
print(w)
# > tensor([4., 6.], requires_grad=True)
w.detach().mul_(0.25)
print(w)
# > tensor([1.0000, 1.5000], requires_grad=True)
# once w is saved for backward the two differ: detach() shares the version counter, so
# backward raises; .data hides the write, and the gradient is silently wrong
y = (w * w).sum()  # mul saves w
w.detach().mul_(2)
try:
    y.backward()
except RuntimeError as e:
    print(str(e).split(" by an")[0])
    # > one of the variables needed for gradient computation has been modified
w.grad = None  # drop the first snippet's gradient
y = (w * w).sum()  # w is [2, 3]: the gradient is 2w = [4, 6]
w.data.mul_(0.5)
y.backward()
print(w.grad)  # 2w with the halved w
# > tensor([2., 3.])
