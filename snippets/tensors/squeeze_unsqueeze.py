import textwrap
import warnings

import torch
import torch.nn.functional as F
from torch import nn

x = torch.zeros(3)
# unsqueeze(d) inserts a size-1 dim at position d; indexing with None does the same
print(x.unsqueeze(0).shape, x.unsqueeze(1).shape, x[None].shape, x[:, None].shape)
# > torch.Size([1, 3]) torch.Size([3, 1]) torch.Size([1, 3]) torch.Size([3, 1])

y = torch.zeros(2, 1, 3, 1)
# squeeze() drops every size-1 dim; squeeze(d) only d (a tuple of dims works too)
print(y.squeeze().shape, y.squeeze(1).shape, y.squeeze((1, 3)).shape)
# > torch.Size([2, 3]) torch.Size([2, 3, 1]) torch.Size([2, 3])
print(y.squeeze(0).shape)  # dim 0 has size 2: no error, nothing removed
# > torch.Size([2, 1, 3, 1])
# both return views: the same memory, no copy
print(y.squeeze().data_ptr() == y.data_ptr(), x.unsqueeze(0).data_ptr() == x.data_ptr())
# > True True

# The trap: squeeze() on a batch of one removes the batch dim too
torch.manual_seed(0)
model = nn.Linear(4, 1)  # one logit per sample: (N, 1)
for n in (8, 1):
    logits = model(torch.randn(n, 4))
    print(n, logits.squeeze().shape, logits.squeeze(1).shape)
    # > 8 torch.Size([8]) torch.Size([8])
    # > 1 torch.Size([]) torch.Size([1])

# so the last batch of an epoch, if it holds one sample, breaks a loss that checks
# shapes; the two binary cross-entropies word it differently...
try:
    F.binary_cross_entropy_with_logits(logits.squeeze(), torch.ones(1))
except ValueError as e:
    print(e)
    # > Target size (torch.Size([1])) must be the same as input size (torch.Size([]))
try:
    F.binary_cross_entropy(logits.squeeze().sigmoid(), torch.ones(1))
except ValueError as e:  # a ValueError that starts like mse_loss's warning below
    print(textwrap.fill(str(e), 80))
    # > Using a target size (torch.Size([1])) that is different to the input size
    # > (torch.Size([])) is deprecated. Please ensure they have the same size.
# ...mse_loss only warns and broadcasts...
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    F.mse_loss(logits.squeeze(), torch.ones(1))
print(str(caught[0].message).split(" that")[0])
# > Using a target size (torch.Size([1]))
# ...and collecting the predictions
preds = [model(torch.randn(8, 4)).squeeze(), logits.squeeze()]
try:
    torch.cat(preds)
except RuntimeError as e:
    print(e)
    # > zero-dimensional tensor (at position 1) cannot be concatenated
preds = [model(torch.randn(8, 4)).squeeze(1), logits.squeeze(1)]  # name the dim
print(torch.cat(preds).shape)
# > torch.Size([9])
