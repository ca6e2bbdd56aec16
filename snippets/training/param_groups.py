import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.LayerNorm(8), nn.Linear(8, 2))

# Weight matrices decay; biases and norm gains/offsets (all 1-D) do not.
decay = [p for p in model.parameters() if p.ndim >= 2]
no_decay = [p for p in model.parameters() if p.ndim < 2]
opt = torch.optim.AdamW(
    [
        {"params": decay, "weight_decay": 0.1},
        # a key set in a group overrides the default below
        {"params": no_decay, "weight_decay": 0.0},
    ],
    lr=1e-2,
)
print(
    [len(g["params"]) for g in opt.param_groups],
    [g["weight_decay"] for g in opt.param_groups],
)
# > [2, 4] [0.1, 0.0]
# keys not set in a group take the constructor's default
print([g["lr"] for g in opt.param_groups])
# > [0.01, 0.01]

# One step with zero gradients isolates the decay: only the 2-D weights shrink.
w, b, gain = model[0].weight.clone(), model[0].bias.clone(), model[1].weight.clone()
for p in model.parameters():
    p.grad = torch.zeros_like(p)
opt.step()
print(
    torch.allclose(model[0].weight, w * (1 - 1e-2 * 0.1)), torch.equal(model[0].bias, b)
)
# > True True
print(torch.equal(model[1].weight, gain))  # LayerNorm's gain stays at 1.0
# > True

# StepLR scales each group's own lr by the same factor; LambdaLR takes one lambda per
# group, so the factors can differ
opt = torch.optim.SGD([{"params": decay, "lr": 0.1}, {"params": no_decay, "lr": 0.01}])
step = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
opt.step()
step.step()
print([g["lr"] for g in opt.param_groups])
# > [0.05, 0.005]
opt = torch.optim.SGD([{"params": decay, "lr": 0.1}, {"params": no_decay, "lr": 0.01}])
lam = torch.optim.lr_scheduler.LambdaLR(opt, [lambda e: 0.5**e, lambda e: 1.0])
opt.step()
lam.step()
print([g["lr"] for g in opt.param_groups])
# > [0.05, 0.01]

try:
    torch.optim.AdamW([{"params": decay}, {"params": decay}])
except ValueError as e:
    print(e)
    # > some parameters appear in more than one parameter group

# a parameter in no group: no error, and a step never touches it
opt = torch.optim.SGD(decay, lr=0.1)  # the biases and the LayerNorm left out
model(torch.randn(3, 4)).sum().backward()
bias = model[0].bias.clone()
opt.step()
print(model[0].bias.grad is not None, torch.equal(model[0].bias, bias))
# > True True
