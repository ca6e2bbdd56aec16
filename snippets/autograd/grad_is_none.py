import warnings

import torch

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)  # leaf: created by you
h = w * 2  # non-leaf: produced by an op
h.retain_grad()  # opt in to keeping h.grad
out = w * 2
(h.sum() + out.sum()).backward()

print(w.is_leaf, h.is_leaf, out.is_leaf)
# > True False False
print(w.grad, h.grad)
# > tensor([4., 4., 4.]) tensor([1., 1., 1.])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(out.grad)  # not retained: None, with a warning
    # > None
print(caught[0].category.__name__)
# > UserWarning
print(str(caught[0].message).split(". ")[0])
# > The .grad attribute of a Tensor that is not a leaf Tensor is being accessed
