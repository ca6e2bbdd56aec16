import warnings

import torch

w = torch.ones(2, requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    v = torch.autograd.Variable(torch.ones(2), volatile=True)  # pre-0.4 inference
print(caught[0].message)
# > volatile was removed and now has no effect. Use `with torch.no_grad():` instead.
print((v * w).requires_grad)  # the graph is built anyway
# > True
with torch.no_grad():
    print((v * w).requires_grad)
    # > False
