import torch
import torch.nn.functional as F

# two confidently wrong predictions: logit -30 for a positive, +20 for a negative
logits = torch.tensor([-30.0, 20.0], requires_grad=True)
target = torch.tensor([1.0, 0.0])

probs = torch.sigmoid(logits)
print([f"{q:.3g}" for q in probs.tolist()])  # float32: sigmoid(20) rounds to 1
# > ['9.36e-14', '1']
two_step = F.binary_cross_entropy(probs, target, reduction="none")
fused = F.binary_cross_entropy_with_logits(logits, target, reduction="none")
print(two_step.tolist(), fused.tolist())  # log(0) clamped to -100: loss 100, not 20
# > [30.0, 100.0] [30.0, 20.0]

(g_two_step,) = torch.autograd.grad(two_step.sum(), logits)
(g_fused,) = torch.autograd.grad(fused.sum(), logits)
print([round(g, 4) for g in g_two_step.tolist()], g_fused.tolist())
# > [-0.0936, 0.0] [-1.0, 1.0]

# what lost it: BCE's backward divides by max(p * (1 - p), 1e-12)
p = torch.tensor([1e-20], requires_grad=True)
F.binary_cross_entropy(p, torch.ones(1)).backward()
print(f"{p.grad.item():.3g}")  # the true derivative, -1/p, is -1e20
# > -1e+12

# pos_weight multiplies the positive term only: the docs set it to negatives / positives
x, y = torch.tensor([0.5, 0.5]), torch.tensor([1.0, 0.0])
weighted = F.binary_cross_entropy_with_logits(
    x, y, pos_weight=torch.tensor(3.0), reduction="none"
)
print(weighted / F.binary_cross_entropy_with_logits(x, y, reduction="none"))
# > tensor([3., 1.])

# CPU autocast runs binary_cross_entropy in float32: bfloat16 in, float32 out
bf16 = probs.detach().bfloat16(), target.bfloat16()
print(F.binary_cross_entropy(*bf16).dtype)  # no autocast: it stays bfloat16
# > torch.bfloat16
with torch.autocast("cpu", dtype=torch.bfloat16):
    print(F.binary_cross_entropy(*bf16).dtype)  # CUDA autocast refuses it instead
    # > torch.float32
