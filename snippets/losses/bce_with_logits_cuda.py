import textwrap

import torch
import torch.nn.functional as F

torch.manual_seed(0)
logits = torch.randn(4, device="cuda", dtype=torch.float16)
target = torch.ones(4, device="cuda", dtype=torch.float16)
print(F.binary_cross_entropy_with_logits(logits, target).dtype)  # no autocast
# > torch.float16
with torch.autocast("cuda", dtype=torch.float16):
    print(F.binary_cross_entropy_with_logits(logits, target).dtype)  # run in float32
    # > torch.float32
    try:
        F.binary_cross_entropy(torch.sigmoid(logits), target)
    except RuntimeError as e:
        print(textwrap.fill(str(e).splitlines()[0], 72))
        # > torch.nn.functional.binary_cross_entropy and torch.nn.BCELoss are
        # > unsafe to autocast.
