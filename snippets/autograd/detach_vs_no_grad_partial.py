import torch

x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
m = torch.tensor([1.0, 0.0, 1.0, 0.0])  # 1: gradient flows, 0: stopped


def loss_of(xs):
    # xs carries the stop; the second term uses x directly, on another path
    return (xs**2).sum() + x.sum()


# 1. the mask trick: the same values, the gradient of x * m only
xs = x * m + x.detach() * (1 - m)
print(torch.equal(xs, x))
# > True
loss_of(xs).backward()
print("mask trick:", x.grad)  # 2x where m = 1, and the other path's 1 everywhere
# > mask trick: tensor([3., 1., 7., 1.])

# 2. torch.where with a detached branch: the same result
x.grad = None
loss_of(torch.where(m.bool(), x, x.detach())).backward()
print("where:     ", x.grad)
# > where:      tensor([3., 1., 7., 1.])

# the mask trick multiplies: an inf meets an inf * 0, in x * m where m = 0 and in
# x.detach() * (1 - m) where m = 1, so both turn into nan; where keeps them
xi = torch.tensor([float("inf"), -float("inf"), 2.0], requires_grad=True)
mi = torch.tensor([1.0, 0.0, 1.0])
mask_trick = xi * mi + xi.detach() * (1 - mi)
print(mask_trick.tolist(), torch.where(mi.bool(), xi, xi.detach()).tolist())
# > [nan, nan, 2.0] [inf, -inf, 2.0]

# 3. writing detached values into a copy (never into the leaf itself)
x.grad = None
xs = x.clone()
xs[m == 0] = x.detach()[m == 0]
loss_of(xs).backward()
print("copy into: ", x.grad)
# > copy into:  tensor([3., 1., 7., 1.])

# 4. a contiguous block: detach a slice and concatenate (stops x[2:] here)
x.grad = None
loss_of(torch.cat([x[:2], x[2:].detach()])).backward()
print("cat slice: ", x.grad)  # 2x + 1 on x[:2]; on x[2:] only the x.sum() path's 1
# > cat slice:  tensor([3., 5., 1., 1.])

# 5. a hook on x: it masks x's whole gradient, both paths summed
x.grad = None
handle = x.register_hook(lambda g: g * m)
loss_of(x).backward()
handle.remove()
print("hook on x: ", x.grad)  # (2x + 1) * m: the x.sum() path is masked too
# > hook on x:  tensor([3., 0., 7., 0.])

try:
    x[m == 0] = x.detach()[m == 0]  # in place, into the leaf
except RuntimeError as e:
    print(e)
    # > a leaf Variable that requires grad is being used in an in-place operation.
