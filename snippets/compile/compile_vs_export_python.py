import inspect

import torch
from torch.export import export

SCALE = 2.0  # a Python global that forward reads


class Net(torch.nn.Module):
    def forward(self, x):
        return x * SCALE


x = torch.ones(3)
# 2.13 exports non-strict by default: forward runs as ordinary Python while tracing
print(inspect.signature(export).parameters["strict"])
# > strict: bool = False
program = export(Net(), (x,))
compiled = torch.compile(Net(), backend="eager")
compiled(x)

SCALE = 3.0
# export kept the value it saw, with no guard; compile guards on it and recompiles
print(program.module()(x), compiled(x))
# > tensor([2., 2., 2.]) tensor([3., 3., 3.])
print([str(n.target) for n in program.graph.nodes if n.op == "call_function"])
# > ['aten.mul.Tensor']
