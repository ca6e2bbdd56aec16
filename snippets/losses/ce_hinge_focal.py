import torch
import torch.nn.functional as F
from torch import nn

# Three samples, 3 classes, all with target class 0:
# confidently right, barely right (inside the margin), wrong.
logits = torch.tensor([[4.0, 0.0, 0.0], [0.5, 0.0, 0.0], [0.0, 2.0, 0.0]])
target = torch.tensor([0, 0, 0])
names = ["confident", "barely", "wrong"]


def focal(z, y, gamma):
    logp_t = F.log_softmax(z, dim=1).gather(1, y[:, None]).squeeze(1)
    return -((1 - logp_t.exp()) ** gamma) * logp_t


z = logits.clone().requires_grad_()
losses = {
    "ce": F.cross_entropy(z, target, reduction="none"),
    "hinge": F.multi_margin_loss(z, target, margin=1.0, reduction="none"),
    "focal": focal(z, target, gamma=2.0),
}
for name, loss in losses.items():
    (grad,) = torch.autograd.grad(loss.sum(), z)
    print(name, [float(f"{v:.3g}") for v in loss.tolist()])
    # > ce [0.036, 0.794, 2.24]
    # > hinge [0.0, 0.333, 1.33]
    # > focal [4.49e-05, 0.239, 1.79]
    print("  d/d(target logit)", [round(v, 4) for v in grad[:, 0].tolist()])
    # >   d/d(target logit) [-0.0353, -0.5481, -0.8935]
    # >   d/d(target logit) [0.0, -0.6667, -0.6667]
    # >   d/d(target logit) [-0.0001, -0.3804, -1.0941]

# The hinge by hand: violations of the margin summed over the wrong classes, / C
viol = (1.0 - logits.gather(1, target[:, None]) + logits).clamp(min=0)
viol = viol.scatter(1, target[:, None], 0.0)
print(torch.allclose(viol.sum(1) / 3, losses["hinge"]))
# > True

# focal / ce per sample: the down-weighting factor (1 - p_t)^gamma
ratio = losses["focal"] / losses["ce"]
print([f"{v:.2e}" for v in ratio.tolist()])
# > ['1.25e-03', '3.00e-01', '7.98e-01']

# gamma = 0 is cross-entropy
print(torch.allclose(focal(logits, target, 0.0), losses["ce"]))
# > True

# The hinge is zero once the margin is met, whatever the logits' scale
for scale in (1.0, 2.0):
    z2 = logits[:1] * scale
    ce2 = F.cross_entropy(z2, target[:1]).item()
    print(scale, f"{ce2:.1e}", F.multi_margin_loss(z2, target[:1]).item())
    # > 1.0 3.6e-02 0.0
    # > 2.0 6.7e-04 0.0

# torch.nn has no focal loss: it is written by hand, as above
print(hasattr(nn, "FocalLoss"), hasattr(F, "focal_loss"))
# > False False
