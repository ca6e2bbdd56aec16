import warnings

import torch
from torch import nn

# A correctly ordered loop whose first optimizer.step() a GradScaler skips (non-finite
# gradients, common at fp16's large initial scale): the scheduler still warns, and the
# schedule advances although no update ran.
model = nn.Linear(2, 1, bias=False)
nn.init.ones_(model.weight)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
scaler = torch.amp.GradScaler("cpu")

loss = model(torch.tensor([[float("inf"), 1.0]])).sum()
scaler.scale(loss).backward()  # an inf gradient
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    scale = scaler.get_scale()
    scaler.step(opt)  # skipped: the gradients are not finite
    scaler.update()  # and the scale is halved: the sign that the step was skipped
    sched.step()  # after optimizer.step() in the code, as it should be
print(model.weight.tolist(), scale, scaler.get_scale(), opt.param_groups[0]["lr"])
# > [[1.0, 1.0]] 65536.0 32768.0 0.05
print(str(caught[0].message)[:65])
# > Detected call of `lr_scheduler.step()` before `optimizer.step()`.
