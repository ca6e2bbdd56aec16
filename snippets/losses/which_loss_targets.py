import textwrap
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
N, C, T = 4, 3, 5
logits = torch.randn(N, C)

# classification losses refuse a wrong target dtype or shape
for bad in (
    lambda: F.cross_entropy(logits, torch.randint(0, C, (N,)).int()),
    lambda: F.binary_cross_entropy_with_logits(logits, torch.randint(0, 2, (N, C))),
    lambda: F.binary_cross_entropy_with_logits(logits, torch.rand(N, 1)),
):
    try:
        bad()
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__, textwrap.fill(str(e), 64))
        # > RuntimeError expected target dtype to be Long or Byte, but got Int
        # > RuntimeError result type Float can't be cast to the desired output type Long
        # > ValueError Target size (torch.Size([4, 1])) must be the same as input size
        # > (torch.Size([4, 3]))

# "Long or Byte": uint8 indices pass on (N, C) alone; the per-position path
# (N, C, d1) and label_smoothing with weight refuse them
index = torch.tensor([0, 2, 1, 2])
byte = index.to(torch.uint8)
print(torch.equal(F.cross_entropy(logits, byte), F.cross_entropy(logits, index)))
# > True
for bad in (
    lambda: F.cross_entropy(logits[..., None], byte[:, None]),
    lambda: F.cross_entropy(logits, byte, weight=torch.ones(C), label_smoothing=0.1),
):
    try:
        bad()
    except RuntimeError as e:
        print(e)
        # > expected scalar type Long but found Byte
        # > gather(): Expected dtype int32/int64 for index
# a float target of another dtype goes through, and the loss takes the target's
# dtype: (1 - target).mul_(input) runs in place; mse_loss promotes instead
soft = torch.rand(N, C, dtype=torch.float64)
pairs = (logits, soft), (logits, soft.bfloat16()), (logits.double(), soft.float())
for x, t in pairs:
    bce, mse = F.binary_cross_entropy_with_logits(x, t), F.mse_loss(x, t)
    print(str(x.dtype)[6:], str(t.dtype)[6:], "->", bce.dtype, "| mse_loss", mse.dtype)
    # > float32 float64 -> torch.float64 | mse_loss torch.float64
    # > float32 bfloat16 -> torch.bfloat16 | mse_loss torch.float32
    # > float64 float32 -> torch.float32 | mse_loss torch.float64

# regression losses check neither: (N, 1) against (N,) broadcasts to (N, N)
out, target = torch.randn(N, 1), torch.randn(N)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    loss = F.mse_loss(out, target, reduction="none")
print(loss.shape, caught[0].category.__name__)
# > torch.Size([4, 4]) UserWarning
print(F.mse_loss(out, torch.randint(0, 3, (N, 1))).dtype)  # an int64 target: promoted
# > torch.float32

# CTCLoss trusts that it gets log-probs: on raw logits the "loss" is not a loss
raw = torch.randn(T, N, C)
targets = torch.randint(1, C, (N, 2))
lengths = torch.full((N,), T), torch.full((N,), 2)
ctc = nn.CTCLoss(blank=0)
print(round(ctc(raw, targets, *lengths).item(), 4))  # a negative log-likelihood < 0
# > -2.2415
print(round(ctc(raw.log_softmax(dim=2), targets, *lengths).item(), 4))
# > 1.003
