import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 1))
x, y = torch.randn(64, 8), torch.randn(64, 1)
F.mse_loss(model(x), y).backward()

named = [(name, p.grad) for name, p in model.named_parameters() if p.grad is not None]  # None: frozen/unused
norms = torch.stack([grad.norm() for _, grad in named])  # stays on the device: no sync yet
for (name, _), norm in zip(named, norms.tolist(), strict=True):  # one sync for all layers
    print(f"{name:9} {norm:.3f}")
    # > 0.weight  0.111
    # > 0.bias    0.056
    # > 2.weight  0.274
    # > 2.bias    0.186
    # > 4.weight  0.463
    # > 4.bias    0.594

total = torch.linalg.vector_norm(norms)  # the norm of the per-parameter norms
clip_total = nn.utils.clip_grad_norm_(model.parameters(), max_norm=float("inf"))  # returns the same number
print(torch.allclose(total, clip_total))
# > True
