import textwrap
import warnings

import torch
import torch.nn.functional as F

torch.manual_seed(0)
logits = torch.randn(4, 3)  # raw scores for 4 samples, 3 classes
labels = torch.tensor([0, 2, 1, 2])  # class indices, int64

# Two valid target formats: class indices (long), or class probabilities (float, same
# shape as the logits).
by_index = F.cross_entropy(logits, labels)
by_probs = F.cross_entropy(logits, F.one_hot(labels, 3).float())
print(torch.allclose(by_index, by_probs))
# > True

# float indices; a one-hot that is still int64
for wrong in (labels.float(), F.one_hot(labels, 3)):
    try:
        F.cross_entropy(logits, wrong)
    except RuntimeError as e:
        print(e)
        # > expected target dtype to be Long or Byte, but got Float
        # > Expected floating point type for target with class probabilities, got Long

# Silent: softmax before cross_entropy, which applies log_softmax itself. A perfect
# model cannot reach 0.
perfect = 20.0 * F.one_hot(labels, 3).float()  # confident and right on every sample
print(
    round(F.cross_entropy(perfect, labels).item(), 4),
    round(F.cross_entropy(perfect.softmax(dim=1), labels).item(), 4),
)
# > 0.0 0.5514

# Its twin: sigmoid before binary_cross_entropy_with_logits, which applies sigmoid
# itself. Its input is then in (0, 1): a positive's loss is at least log(1 + 1/e).
scores = torch.tensor([20.0, 20.0])  # confident and right: both targets are 1
ones = torch.ones(2)
print(
    round(F.binary_cross_entropy_with_logits(scores, ones).item(), 4),
    round(F.binary_cross_entropy_with_logits(scores.sigmoid(), ones).item(), 4),
)
# > 0.0 0.3133

# (N, 1) predictions against (N,) targets: MSE broadcasts to (N, N) and only warns;
# binary_cross_entropy refuses.
pred, target = torch.rand(4, 1), torch.rand(4)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    F.mse_loss(pred, target)
print(caught[0].category.__name__)
# > UserWarning
try:
    F.binary_cross_entropy(pred, target)
except ValueError as e:
    print(textwrap.fill(str(e), 80))
    # > Using a target size (torch.Size([4])) that is different to the input size
    # > (torch.Size([4, 1])) is deprecated. Please ensure they have the same size.
