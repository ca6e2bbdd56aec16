import importlib.metadata
import tempfile

import torch

torch.manual_seed(0)
# torch's own requirements do not list tensorboard: `pip install tensorboard`
print(any(r.startswith("tensorboard") for r in importlib.metadata.requires("torch")))
# > False
try:
    from torch.utils.tensorboard import SummaryWriter
except ModuleNotFoundError:  # "No module named 'tensorboard'" where it is missing

    class SummaryWriter:  # stand-in that takes the same calls and writes nothing
        def __init__(self, log_dir=None):
            pass

        def add_scalar(self, tag, scalar_value, global_step=None):
            pass

        def add_histogram(self, tag, values, global_step=None):
            pass

        def close(self):
            pass


model = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
logged = []  # (step, value) of every add_scalar call
with tempfile.TemporaryDirectory() as log_dir:  # usually "runs/<experiment>"
    writer = SummaryWriter(log_dir)
    for step in range(100):
        loss = model(torch.randn(8, 4)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 10 == 0:  # one .item() (one host read) every 10 steps
            value = loss.item()
            writer.add_scalar("loss", value, step)
            writer.add_histogram("weight", model.weight.detach(), step)
            logged.append((step, value))
    writer.close()  # flushes pending events to the file
print(len(logged), logged[-1][0], type(logged[0][1]).__name__)
# > 10 90 float
