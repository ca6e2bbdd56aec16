import torch
from torch import nn


def build():
    return nn.Sequential(
        nn.Linear(10, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 1)
    )


def train(model, opt, steps):
    for _ in range(steps):
        loss = (model(x) - y).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


torch.manual_seed(0)
model = build()
x, y = torch.randn(256, 10), torch.randn(256, 1)
dead, zeros = {}, {}


def record(name):
    def hook(module, inputs, output):
        dead[name] = (output == 0).all(dim=0)  # per unit: 0 for every sample
        zeros[name] = (output == 0).float().mean().item()  # per element

    return hook


handles = [
    m.register_forward_hook(record(n))
    for n, m in model.named_modules()
    if isinstance(m, nn.ReLU)
]
model(x)
print({name: round(fraction, 3) for name, fraction in zeros.items()})
# > {'1': 0.5, '3': 0.508}
print({name: round(units.float().mean().item(), 3) for name, units in dead.items()})
# > {'1': 0.0, '3': 0.016}
model(x[:8])  # one small batch: units that are 0 on these 8 inputs only count as dead
print({name: round(units.float().mean().item(), 3) for name, units in dead.items()})
# > {'1': 0.016, '3': 0.109}
z = torch.zeros(1, requires_grad=True)
torch.relu(z).backward()
print(z.grad)  # a pre-activation of exactly 0 passes no gradient either
# > tensor([0.])

with torch.no_grad():
    model[2].bias -= 0.5  # what one oversized update can do to a layer's biases
model(x).pow(2).mean().backward()
dead_before = dead["3"].clone()
print(round(dead_before.float().mean().item(), 3))
# > 0.297
# a dead unit's incoming weights get exactly zero gradient
no_grad = model[2].weight.grad.abs().sum(dim=1) == 0
print(torch.equal(no_grad, dead_before))
# > True

# plain SGD: its weights stay, but the layers below keep training: its inputs move
train(model, torch.optim.SGD(model.parameters(), lr=0.1), 300)
model(x)
revived = (dead_before & ~dead["3"]).sum().item()
died = (~dead_before & dead["3"]).sum().item()
print(f"of {dead_before.sum().item()} dead units {revived} revived; {died} others died")
# > of 19 dead units 6 revived; 2 others died
for handle in handles:
    handle.remove()

# momentum: its own weights keep moving, on the velocity they had before it died
for momentum in (0.0, 0.9):
    torch.manual_seed(1)
    model = build()
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=momentum)
    train(model, opt, 20)
    with torch.no_grad():
        model[2].bias -= 0.5
        dead_before = (model[:4](x) == 0).all(dim=0)
    model[0].requires_grad_(False)  # the dead units' inputs cannot change now
    train(model, opt, 50)
    with torch.no_grad():
        revived = (dead_before & (model[:4](x) > 0).any(dim=0)).sum().item()
    print(f"momentum={momentum}: {revived} of {dead_before.sum().item()} revived")
    # > momentum=0.0: 0 of 34 revived
    # > momentum=0.9: 5 of 21 revived
