import warnings

import torch
import torch.nn.functional as F

torch.manual_seed(0)
N, C = 4, 10
student = torch.randn(N, C)  # the model's logits
teacher = torch.randn(N, C).softmax(dim=1)  # the distribution to match

# kl_div takes log-probabilities as input and probabilities as target:
# KL(teacher || student) per sample, averaged over the batch, is "batchmean"
log_q = F.log_softmax(student, dim=1)
kl = (teacher * (teacher.log() - log_q)).sum(dim=1).mean()
print(torch.allclose(F.kl_div(log_q, teacher, reduction="batchmean"), kl))
# > True
# log-probabilities as target: log_target=True
same = F.kl_div(log_q, teacher.log(), reduction="batchmean", log_target=True)
print(torch.allclose(same, kl))
# > True

# the default, "mean", divides by N * C, not N, and warns
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    mean = F.kl_div(log_q, teacher)
print(round((kl / mean).item(), 2), caught[0].category.__name__)
# > 10.0 UserWarning
print(str(caught[0].message).split(".")[0])
# > reduction: 'mean' divides the total loss by both the batch size and the support size

# raw logits as input: no error, and not a divergence (a KL is >= 0)
print(round(F.kl_div(student, teacher, reduction="batchmean").item(), 4))
# > -1.839
