import importlib.util

import torch

torch.manual_seed(0)
print(importlib.util.find_spec("tensorboard") is not None)  # this site's environment
# > False
try:
    from torch.utils.tensorboard import SummaryWriter
except ModuleNotFoundError as e:
    print(e)  # torch.utils.tensorboard imports the tensorboard package first
    # > No module named 'tensorboard'

    class SummaryWriter:  # stand-in with the calls a training loop makes
        def __init__(self, log_dir=None):
            self.events = []

        def add_scalar(self, tag, scalar_value, global_step=None):
            self.events.append((tag, scalar_value, global_step))

        def add_histogram(self, tag, values, global_step=None):
            self.events.append((tag, values.shape, global_step))

        def flush(self):
            pass

        def close(self):
            pass


model = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
writer = SummaryWriter("runs/demo")
for step in range(100):
    loss = model(torch.randn(8, 4)).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    if step % 10 == 0:  # one .item() (one host read) every 10 steps
        writer.add_scalar("loss", loss.item(), step)
        writer.add_histogram("weight", model.weight.detach(), step)
writer.close()  # flushes pending events
if hasattr(writer, "events"):
    print(len(writer.events), writer.events[0][0], type(writer.events[0][1]).__name__)
    # > 20 loss float
