import warnings

import torch
import torch.nn.functional as F

torch.manual_seed(0)
pred = torch.randn(4, 1)  # a model with one output unit returns (N, 1)
target = torch.randn(4)  # labels from the dataset come as (N,)

diff = pred - target  # (4, 1) - (4,) -> (4, 4): every prediction against every label
print(diff.shape)
# > torch.Size([4, 4])
wrong = (diff**2).mean()
right = ((pred.squeeze(1) - target) ** 2).mean()
print(f"{wrong.item():.4f} vs {right.item():.4f}")  # no error, just a wrong loss
# > 2.8257 vs 3.7137

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    F.mse_loss(pred, target)  # the nn losses warn; hand-written losses don't
print(caught[0].category.__name__, str(caught[0].message).split(". ")[0])
# > UserWarning Using a target size (torch.Size([4])) that is different to the input size (torch.Size([4, 1]))
