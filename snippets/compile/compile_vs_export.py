import inspect

import torch
from torch.export import Dim, export


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 2)

    def forward(self, x):
        return torch.relu(self.fc(x))


# non-strict by default since 2.8: forward runs as Python, not traced by Dynamo
print(inspect.signature(export).parameters["strict"].default)
# > False

torch.manual_seed(0)
net = Net()
example = (torch.randn(3, 4),)

# ahead of time: one whole graph of aten ops, or an error
program = export(net, example)
print(
    type(program).__name__,
    [str(n.target) for n in program.graph.nodes if n.op == "call_function"],
)
# > ExportedProgram ['aten.linear.default', 'aten.relu.default']
try:
    program.module()(torch.randn(5, 4))  # sizes are specialized unless declared dynamic
except AssertionError as e:
    print(str(e).splitlines()[0])
    # > Guard failed: x.size()[0] == 3

program = export(net, example, dynamic_shapes={"x": {0: Dim("batch")}})
x = torch.randn(5, 4)
# a graph you can save (torch.export.save) and lower
print(torch.allclose(program.module()(x), net(x)))
# > True
