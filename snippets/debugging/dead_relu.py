import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(
    nn.Linear(10, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 1)
)
x = torch.randn(256, 10)
dead = {}


def record(name):
    def hook(module, inputs, output):
        # units at 0 for every sample
        dead[name] = (output == 0).all(dim=0).float().mean().item()

    return hook


handles = [
    m.register_forward_hook(record(n))
    for n, m in model.named_modules()
    if isinstance(m, nn.ReLU)
]
model(x)
print({name: round(fraction, 3) for name, fraction in dead.items()})
# > {'1': 0.0, '3': 0.016}

with torch.no_grad():
    model[2].bias -= 0.5  # what one oversized update can do to a layer's biases
model(x).pow(2).mean().backward()
print({name: round(fraction, 3) for name, fraction in dead.items()})
# > {'1': 0.0, '3': 0.297}
never_updated = (model[2].weight.grad.abs().sum(dim=1) == 0).float().mean().item()
# a dead unit gets no gradient, so it never comes back
print(never_updated == dead["3"])
# > True

for handle in handles:
    handle.remove()
