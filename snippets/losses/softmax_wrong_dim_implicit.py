import textwrap
import warnings

import torch
import torch.nn.functional as F

torch.manual_seed(0)
logits = torch.randn(2, 5, 4)  # (batch, tokens, classes)

# without dim, softmax picks dim 0 for 0-, 1- and 3-D inputs: the batch, here
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    probs = F.softmax(logits)
print(caught[0].category.__name__)
# > UserWarning
print(textwrap.fill(str(caught[0].message), 80))
# > Implicit dimension choice for softmax has been deprecated. Change the call to
# > include dim=X as an argument.
print(torch.allclose(probs, logits.softmax(dim=0)))
# > True
print(torch.allclose(probs.sum(dim=-1), torch.ones(2, 5)))  # the check that catches it
# > False
