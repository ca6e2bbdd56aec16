import textwrap
import warnings

import torch
import torch.nn.functional as F

torch.manual_seed(0)
pred = torch.randn(4, 1)  # a model with one output unit returns (N, 1)
target = torch.rand(4)  # labels from the dataset come as (N,)

diff = pred - target  # (4, 1) - (4,) -> (4, 4): every prediction against every label
print(diff.shape)
# > torch.Size([4, 4])
wrong = (diff**2).mean()
right = ((pred.squeeze(1) - target) ** 2).mean()
print(f"{wrong.item():.4f} vs {right.item():.4f}")  # no error, just a wrong loss
# > 2.1888 vs 2.1130

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    F.mse_loss(pred, target)
print(caught[0].category.__name__)
# > UserWarning
print(textwrap.fill(str(caught[0].message).split(". ")[0], 80))
# > Using a target size (torch.Size([4])) that is different to the input size
# > (torch.Size([4, 1]))


# The nn losses do not agree on what a (4, 1) input and a (4,) target mean
def outcome(loss):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            loss()
        except (RuntimeError, ValueError) as e:
            return f"raises {type(e).__name__}"
    if any("target size" in str(w.message) for w in caught):
        return "warns, then broadcasts"
    return "broadcasts, no size warning"


losses = {
    "mse_loss": lambda: F.mse_loss(pred, target),
    "l1_loss": lambda: F.l1_loss(pred, target),
    "huber_loss": lambda: F.huber_loss(pred, target),
    "smooth_l1_loss": lambda: F.smooth_l1_loss(pred, target),
    "binary_cross_entropy": lambda: F.binary_cross_entropy(pred.sigmoid(), target),
    "bce_with_logits": lambda: F.binary_cross_entropy_with_logits(pred, target),
    "poisson_nll_loss": lambda: F.poisson_nll_loss(pred, target),
    "kl_div": lambda: F.kl_div(pred, target, reduction="batchmean"),
    "gaussian_nll_loss": lambda: F.gaussian_nll_loss(pred, target, torch.ones(4, 1)),
    "soft_margin_loss": lambda: F.soft_margin_loss(pred, target),
}
for name, loss in losses.items():
    print(f"{name}: {outcome(loss)}")
    # > mse_loss: warns, then broadcasts
    # > l1_loss: warns, then broadcasts
    # > huber_loss: warns, then broadcasts
    # > smooth_l1_loss: warns, then broadcasts
    # > binary_cross_entropy: raises ValueError
    # > bce_with_logits: raises ValueError
    # > poisson_nll_loss: broadcasts, no size warning
    # > kl_div: broadcasts, no size warning
    # > gaussian_nll_loss: broadcasts, no size warning
    # > soft_margin_loss: raises RuntimeError
