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
