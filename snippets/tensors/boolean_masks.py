import torch

torch.manual_seed(0)
x = torch.tensor([[1.0, -2.0, 3.0], [-4.0, 5.0, -6.0]])
mask = x > 0
sel = x[mask]  # a 1-D copy of the selected elements
print(sel, sel.shape)
# > tensor([1., 3., 5.]) torch.Size([3])
sel[0] = 99.0
print(x[0, 0].item())  # x unchanged: indexing by a mask copies
# > 1.0

x[~mask] = 0.0  # assignment through a mask writes into x
print(x)
# > tensor([[1., 0., 3.],
# >         [0., 5., 0.]])
x[mask] += 1  # an augmented assignment through the mask writes too
print(x[0])
# > tensor([2., 0., 4.])
m = torch.tensor([1.0, -2.0, 3.0])
print(m.masked_fill(m < 0, 0.0), m)  # a new tensor; m unchanged
# > tensor([1., 0., 3.]) tensor([ 1., -2.,  3.])
m.masked_fill_(m < 0, 0.0)  # the in-place form
print(m)
# > tensor([1., 0., 3.])

# the mask covers the leading dims: a (2,) row mask keeps whole rows
rows = torch.tensor([True, False])
print(x[rows].shape)
# > torch.Size([1, 3])
try:
    x[torch.tensor([True, False, True])]
except IndexError as e:
    print(*str(e).split(" does not "), sep="\n... does not ")
    # > The shape of the mask [3] at index 0
    # > ... does not match the shape of the indexed tensor [2, 3] at index 0

print(mask.nonzero())  # one row of indices per True, shape (k, ndim)
# > tensor([[0, 0],
# >         [0, 2],
# >         [1, 1]])
print(torch.where(mask))  # a tuple of index tensors, one per dim
# > (tensor([0, 0, 1]), tensor([0, 2, 1]))

w = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
(w[w > 0] ** 2).sum().backward()
print(w.grad)  # gradient only where the mask was True
# > tensor([2., 0., 6.])
