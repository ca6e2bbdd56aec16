import warnings

import torch
from torch.utils.checkpoint import checkpoint

layer = torch.nn.Linear(4, 4)
x = torch.randn(2, 4, requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    checkpoint(layer, x)  # use_reentrant not passed
print(caught[0].category.__name__, str(caught[0].message).split(". ")[0])
# > UserWarning torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly
