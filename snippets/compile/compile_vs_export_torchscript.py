import warnings

import torch

net = torch.nn.Linear(4, 2)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    scripted = torch.jit.script(net)
print(caught[0].category.__name__, "-", caught[0].message)
# > DeprecationWarning - `torch.jit.script` is deprecated. Please switch to `torch.compile` or `torch.export`.
