import logging

import torch

torch.manual_seed(0)
graphs = []


# a backend is called once per (re)compilation
def counting_backend(gm, example_inputs):
    graphs.append(gm)
    return gm.forward  # run the captured graph as is


def inputs(gm):
    """A captured graph's inputs: whatever is not one of them is baked in."""
    return [n.name for n in gm.graph.find_nodes(op="placeholder")]


@torch.compile(backend=counting_backend)
def scale(x, factor):
    return x * factor


scale(torch.randn(2), 2)
scale(torch.randn(2), 2)
# second call: guards pass (same shape, same factor), the cached graph runs
print(len(graphs))
# > 1
scale(torch.randn(3), 2)
# new shape: recompile, now with a symbolic size ("automatic dynamic")
print(len(graphs))
# > 2
scale(torch.randn(7), 2)
print(len(graphs))  # the dynamic graph serves other sizes...
# > 2
scale(torch.randn(1), 2)
scale(torch.randn(0), 2)
print(len(graphs))  # ...but not 0 or 1: by default those are specialized
# > 4
scale(torch.randn(7, dtype=torch.float64), 2)
print(len(graphs))  # a new dtype fails the guards too
# > 5
scale(torch.randn(7, requires_grad=True), 2)
scale(torch.randn(7, device="meta"), 2)
print(len(graphs))  # and so do requires_grad and the device
# > 7

torch._dynamo.reset()
graphs.clear()
for factor in [3, 4, 5]:
    scale(torch.ones(3), factor)
# a Python int is baked in as a constant until it changes once, then it becomes an input
print(len(graphs), [inputs(g) for g in graphs])
# > 2 [['l_x_'], ['l_x_', 'l_factor_']]
torch._dynamo.reset()
graphs.clear()
for factor in [2.5, 3.5, 4.5]:
    scale(torch.ones(3), factor)
# a float too
print(len(graphs), [inputs(g) for g in graphs])
# > 2 [['l_x_'], ['l_x_', 'l_factor_']]
graphs.clear()
for flag in [True, False, True, False]:
    scale(torch.ones(3), flag)
# a bool never becomes an input: one graph per value
print(len(graphs), [inputs(g) for g in graphs])
# > 2 [['l_x_'], ['l_x_']]

FACTOR = 2


@torch.compile(backend=counting_backend)
def scale_by_global(x):
    return x * FACTOR


graphs.clear()
for value in [2, 3, 4]:
    FACTOR = value
    scale_by_global(torch.ones(3))
# an int read from a global stays a constant: one graph per value
print(len(graphs), [inputs(g) for g in graphs])
# > 3 [['l_x_'], ['l_x_'], ['l_x_']]


class Scale(torch.nn.Module):
    def __init__(self, factor):
        super().__init__()
        self.factor = factor

    def forward(self, x):
        return x * self.factor


graphs.clear()
module = Scale(2)
compiled = torch.compile(module, backend=counting_backend)
for factor in [2, 3, 4, 5]:
    module.factor = factor
    compiled(torch.ones(3))
# an int attribute of a module stays a constant: one graph per value
print(len(graphs))
# > 4


@torch.compile(backend=counting_backend)
def head(x):
    if x.shape[0] > 5:  # a range test on a marked size: a guard, not an error
        return x[:5]
    return x


graphs.clear()
x = torch.ones(8)
torch._dynamo.mark_dynamic(x, 0)
head(x)
head(torch.ones(9))
print(len(graphs), inputs(graphs[0]))  # one symbolic graph serves 8 and 9
# > 1 ['s77', 'l_x_']

# with dynamic=False every size is a graph; padding to a multiple of 8 bounds them
static = torch.compile(lambda x: x * 2, backend=counting_backend, dynamic=False)
lengths = [3, 5, 7, 9, 11, 13]
graphs.clear()
for n in lengths:
    static(torch.ones(n))
unpadded = len(graphs)
torch._dynamo.reset()
graphs.clear()
for n in lengths:
    static(torch.nn.functional.pad(torch.ones(n), (0, -n % 8)))  # to 8 or 16
print(unpadded, len(graphs))
# > 6 2


# TORCH_LOGS=recompiles, set in code: each recompile and the guard that failed
class Keep(logging.Handler):
    def emit(self, record):
        lines = record.getMessage().splitlines()
        print(lines[0].split(" in ")[0])  # the rest is the file and line
        # > Recompiling function scale
        print(lines[-1].strip())
        # > - 0/0: tensor 'x' dtype mismatch. expected Float, actual Double


torch._logging.set_logs(recompiles=True)
logging.getLogger("torch._dynamo").addHandler(Keep())
torch._dynamo.reset()
scale(torch.ones(3), 2)
scale(torch.ones(3, dtype=torch.float64), 2)
