import ast
import importlib.metadata
import pathlib
import tempfile

import torch

torch.manual_seed(0)
# torch's own requirements do not list tensorboard: `pip install tensorboard`
print(any(r.startswith("tensorboard") for r in importlib.metadata.requires("torch")))
# > False

# SummaryWriter's defaults, read from the installed torch's source (no import needed)
src = pathlib.Path(torch.__file__).parent / "utils" / "tensorboard" / "writer.py"
cls = next(
    n
    for n in ast.parse(src.read_text()).body
    if isinstance(n, ast.ClassDef) and n.name == "SummaryWriter"
)
fns = {f.name: f for f in cls.body if isinstance(f, ast.FunctionDef)}
a = fns["__init__"].args
names = [x.arg for x in a.args[len(a.args) - len(a.defaults) :]]
defaults = dict(zip(names, a.defaults, strict=True))
print(
    {k: ast.literal_eval(defaults[k]) for k in ("log_dir", "max_queue", "flush_secs")}
)
# > {'log_dir': None, 'max_queue': 10, 'flush_secs': 120}
calls = [
    getattr(n.func, "attr", None)
    for n in ast.walk(fns["close"])
    if isinstance(n, ast.Call)
]
print("close() calls flush():", "flush" in calls)
# > close() calls flush(): True

try:
    from torch.utils.tensorboard import SummaryWriter
except ModuleNotFoundError as e:  # this site's environment
    print(e)
    # > No module named 'tensorboard'

    class SummaryWriter:  # stand-in: records the calls it gets, writes nothing
        def __init__(self, log_dir=None):
            self.calls = []

        def add_scalar(self, tag, scalar_value, global_step=None):
            self.calls.append(("add_scalar", tag, global_step, scalar_value))

        def add_histogram(self, tag, values, global_step=None):
            self.calls.append(("add_histogram", tag, global_step, values))

        def close(self):
            pass


model = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
with tempfile.TemporaryDirectory() as log_dir:  # usually "runs/<experiment>"
    writer = SummaryWriter(log_dir)
    for step in range(100):
        loss = model(torch.randn(8, 4)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 10 == 0:  # one .item() (one host read) every 10 steps
            writer.add_scalar("loss", loss.item(), step)
            writer.add_histogram("weight", model.weight.detach(), step)
    writer.close()  # flushes pending events to the file
    if hasattr(writer, "calls"):  # the stand-in: what the loop handed the writer
        got = [(c[0], c[2], c[3]) for c in writer.calls]
    else:  # the real writer: read the event file back
        from tensorboard.backend.event_processing.event_accumulator import (
            EventAccumulator,
        )

        ea = EventAccumulator(log_dir, size_guidance={"scalars": 0, "histograms": 0})
        ea.Reload()  # 0: keep every event
        got = [("add_scalar", e.step, e.value) for e in ea.Scalars("loss")]
        got += [("add_histogram", e.step, None) for e in ea.Histograms("weight")]
scalars = [g for g in got if g[0] == "add_scalar"]
print(
    len(scalars), scalars[-1][1], type(scalars[0][2]).__name__, len(got) - len(scalars)
)
# > 10 90 float 10
