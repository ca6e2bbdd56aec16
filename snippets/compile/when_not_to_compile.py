import os
import subprocess
import sys

import torch

graphs = []


def counting_backend(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


logged = []


# never traced: runs as plain Python, with a graph break around it
@torch.compiler.disable
def log_stats(t):
    logged.append(round(t.mean().item(), 4))


@torch.compile(backend=counting_backend)
def f(x):
    y = torch.sin(x)
    log_stats(y)
    return torch.cos(y)


x = torch.arange(4.0)
f(x)
print(len(graphs), logged)  # two graphs: before and after the disabled call
# > 2 [0.473]

torch._dynamo.reset()
graphs.clear()
# run eagerly without touching the decorators: a one-line switch in the caller
with torch.compiler.set_stance("force_eager"):
    out = f(x)
print(len(graphs), torch.allclose(out, torch.cos(torch.sin(x))))
# > 0 True

# no code change at all: TORCH_COMPILE_DISABLE=1 sets this flag when torch._dynamo is
# first imported (not by `import torch`)
print(torch._dynamo.config.disable)
# > False
with torch._dynamo.config.patch(disable=True):  # what the variable does
    out = f(x)
print(len(graphs), torch.allclose(out, torch.cos(torch.sin(x))))
# > 0 True

# a fresh process: set by the script once an optimizer exists, the variable is ignored
SCRIPT = """
import os, sys
import torch
print("torch._dynamo" in sys.modules)
torch.optim.SGD(torch.nn.Linear(2, 2).parameters(), lr=0.1)
print("torch._dynamo" in sys.modules)
os.environ["TORCH_COMPILE_DISABLE"] = "1"
print(torch._dynamo.config.disable)
"""
env = {k: v for k, v in os.environ.items() if k != "TORCH_COMPILE_DISABLE"}
run = subprocess.run(
    [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True
)
# after import torch: not loaded; after the optimizer: loaded; the flag: still off
print(run.stdout.split())
# > ['False', 'True', 'False']
