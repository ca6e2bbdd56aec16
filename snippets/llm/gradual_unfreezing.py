import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 4), nn.Linear(4, 2))  # [2]: head
x, y = torch.randn(16, 4), torch.randint(0, 2, (16,))
model.requires_grad_(False)
model[2].requires_grad_(True)  # stage 0: the head alone
lr = 1e-2
opt = torch.optim.AdamW([{"params": model[2].parameters(), "lr": lr}])


def step():
    before = [layer.weight.detach().clone() for layer in model]
    loss = nn.functional.cross_entropy(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    moved = [
        not torch.equal(b, layer.weight) for b, layer in zip(before, model, strict=True)
    ]
    has_grad = [layer.weight.grad is not None for layer in model]
    return moved, has_grad


print(step())  # (moved, has .grad) per layer
# > ([False, False, True], [False, False, True])

# Unfreeze layer 1 but forget the optimizer: it gets a gradient and never moves
model[1].requires_grad_(True)
print(step())
# > ([False, False, True], [False, True, True])

# The fix: add it as a new group, with a smaller lr lower down (ULMFiT: / 2.6)
opt.add_param_group({"params": model[1].parameters(), "lr": lr / 2.6})
print(step(), [f"{g['lr']:.4f}" for g in opt.param_groups])
# > ([False, True, True], [False, True, True]) ['0.0100', '0.0038']

# Building the optimizer over every parameter up front also works: Adam(W) skips
# a parameter whose .grad is None, so the frozen layer 0 gets no state yet
opt2 = torch.optim.AdamW(model.parameters())
nn.functional.cross_entropy(model(x), y).backward()
opt2.step()
print(len(opt2.state), model[0].weight in opt2.state)  # 4 tensors of layers 1, 2
# > 4 False
try:
    opt2.add_param_group({"params": model[0].parameters()})
except ValueError as e:
    print(e)  # but then adding it again, to change its lr, is refused
    # > some parameters appear in more than one parameter group

# A scheduler built before add_param_group does not know the new group. LambdaLR
# (one lambda per group it saw) and OneCycleLR (no initial_lr) fail at step();
# chainable LinearLR scales every group's current lr and ends the new one at 3x
S = torch.optim.lr_scheduler
for make in (
    lambda o: S.LambdaLR(o, lambda epoch: 0.9**epoch),
    lambda o: S.OneCycleLR(o, max_lr=lr, total_steps=10),
    lambda o: S.LinearLR(o, start_factor=1 / 3, total_iters=5),  # a warmup
):
    opt3 = torch.optim.AdamW(model[2].parameters(), lr=lr)
    sched = make(opt3)
    opt3.add_param_group({"params": model[1].parameters(), "lr": lr})
    try:
        for _ in range(5):  # the whole warmup
            opt3.step()
            sched.step()
        print(type(sched).__name__, [f"{g['lr']:.4f}" for g in opt3.param_groups])
        # > LinearLR ['0.0100', '0.0300']
    except (ValueError, KeyError) as e:
        print(type(sched).__name__, type(e).__name__, e)
        # > LambdaLR ValueError zip() argument 2 is shorter than argument 1
        # > OneCycleLR KeyError 'initial_lr'
