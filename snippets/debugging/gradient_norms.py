import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(
    nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 1)
)
x, y = torch.randn(64, 8), torch.randn(64, 1)
F.mse_loss(model(x), y).backward()

# None: frozen/unused
named = [(name, p.grad) for name, p in model.named_parameters() if p.grad is not None]
# stays on the device: no sync yet
norms = torch.stack([grad.norm() for _, grad in named])
# one sync for all layers
for (name, _), norm in zip(named, norms.tolist(), strict=True):
    print(f"{name:9} {norm:.3f}")
    # > 0.weight  0.111
    # > 0.bias    0.056
    # > 2.weight  0.274
    # > 2.bias    0.186
    # > 4.weight  0.463
    # > 4.bias    0.594

total = torch.linalg.vector_norm(norms)  # the norm of the per-parameter norms
# the same total, without clipping: get_total_norm takes the gradients themselves
print(f"{nn.utils.get_total_norm([grad for _, grad in named]):.3f}")
# > 0.832
returned = nn.utils.clip_grad_norm_(model.parameters(), max_norm=0.1)
# it returns the norm from BEFORE clipping, so a logged spike stays visible
print(f"{total:.3f} {returned:.3f}")
# > 0.832 0.832
after = torch.linalg.vector_norm(
    torch.stack([p.grad.norm() for p in model.parameters()])
)
print(f"{after:.3f}")  # what the optimizer will use: clipped to max_norm
# > 0.100

# a small gradient slows SGD (update = lr * grad), not Adam (update = m / sqrt(v))
for scale in (1.0, 1e-4):
    moved = []
    for make in (torch.optim.SGD, torch.optim.Adam):
        w = nn.Parameter(torch.zeros(100))
        opt = make([w], lr=1e-3)
        for _ in range(10):
            w.grad = torch.full_like(w, scale)
            opt.step()
        moved.append(w.detach().abs().mean())  # how far 10 steps moved each weight
    print(f"grad {scale:g}: SGD moved {moved[0]:.1e}, Adam {moved[1]:.1e}")
    # > grad 1: SGD moved 1.0e-02, Adam 1.0e-02
    # > grad 0.0001: SGD moved 1.0e-06, Adam 1.0e-02
