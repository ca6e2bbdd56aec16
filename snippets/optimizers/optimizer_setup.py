import textwrap

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
print(opt.param_groups[0]["params"][0] is model.weight)  # a reference, not a copy
# > True

# a parameter created after the optimizer: it gets a gradient, no step touches it
model.scale = nn.Parameter(torch.ones(1))
x = torch.randn(8, 3)
for _ in range(3):
    opt.zero_grad()  # clear last step's .grad (backward adds into it)
    (model(x) * model.scale).pow(2).mean().backward()  # fill .grad
    opt.step()  # update every parameter the optimizer holds, in place
print(model.scale.item(), model.scale.grad is not None)
# > 1.0 True
opt.add_param_group({"params": [model.scale], "lr": 0.01})  # now it is trained
opt.step()
print(round(model.scale.item(), 4), [g["lr"] for g in opt.param_groups])
# > 0.9888 [0.1, 0.01]

# replacing a parameter object (load_state_dict(assign=True), re-creating a layer)
# leaves the optimizer holding the old one
model.load_state_dict(model.state_dict(), assign=True)
print(opt.param_groups[0]["params"][0] is model.weight)
# > False

# state_dict: state keyed by the parameter's position across groups, not by name
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
opt.zero_grad()
(model(x) * model.scale).pow(2).mean().backward()
opt.step()
sd = opt.state_dict()
print(list(sd["state"]), list(sd["state"][0]), sd["param_groups"][0]["params"])
# > [0, 1, 2] ['momentum_buffer'] [0, 1, 2]

# loading it matches by position: the same parameters in another order load silently
params = list(model.parameters())
opt2 = torch.optim.SGD(params[::-1], lr=0.1, momentum=0.9)
opt2.load_state_dict(sd)
print(opt2.state[model.scale]["momentum_buffer"].shape, model.scale.shape)  # weight's
# > torch.Size([1, 3]) torch.Size([1])
opt2.zero_grad()
(model(x) * model.scale).pow(2).mean().backward()
try:  # the next step fails, but only because these shapes cannot broadcast
    opt2.step()
except RuntimeError as e:
    print(e)
    # > output with shape [1] doesn't match the broadcast shape [1, 3]
weight, bias, scale = params  # bias and scale are both [1]: swapped, nothing fails
opt3 = torch.optim.SGD([weight, scale, bias], lr=0.1, momentum=0.9)
opt3.load_state_dict(sd)
buf = opt3.state[bias]["momentum_buffer"]
print(torch.equal(buf, sd["state"][2]["momentum_buffer"]))  # bias holds scale's buffer
# > True
opt3.step()  # and steps with it, without a word
try:  # only a different number of groups or of parameters per group raises
    torch.optim.SGD(params[:2], lr=0.1, momentum=0.9).load_state_dict(sd)
except ValueError as e:
    print(*textwrap.wrap(str(e), 60), sep="\n")
    # > loaded state dict contains a parameter group that doesn't
    # > match the size of optimizer's group
