import torch
import torch.nn as nn
from torch.export import Dim, export


class Scale(nn.Module):
    def forward(self, x):
        return x * 2


x = torch.randn(3, 4)

static = export(Scale(), (x,))  # every shape of the example is baked in as a guard
try:
    static.module()(torch.randn(5, 4))
except AssertionError as e:
    print(e)
    # > Guard failed: x.size()[0] == 3

batch = Dim("batch", min=1, max=1024)
# dim 0 symbolic, dim 1 still 4
dynamic = export(Scale(), (x,), dynamic_shapes={"x": {0: batch}})
print(dynamic.module()(torch.randn(5, 4)).shape)
# > torch.Size([5, 4])
# the range export proved the graph valid for
print([str(r) for r in dynamic.range_constraints.values()])
# > ['VR[1, 1024]']


class Branchy(nn.Module):
    def forward(self, x):
        # Python `if` on a tensor's VALUE: the trace cannot know which way to go
        if x.sum() > 0:
            return x * 2
        return x - 1


try:
    export(Branchy(), (x,))
except RuntimeError as e:
    print(type(e).__name__)
    # > GuardOnDataDependentSymNode
    print(str(e).splitlines()[0])
    # > Could not guard on data-dependent expression Eq(u0, 1) (unhinted: Eq(u0, 1)).  (Size-like symbols: none)


class Cond(nn.Module):
    def forward(self, x):
        # both branches go in the graph
        return torch.cond(x.sum() > 0, lambda t: t * 2, lambda t: t - 1, (x,))


ep = export(Cond(), (x,))
ops = [str(n.target) for n in ep.graph.nodes if n.op == "call_function"]
# the predicate, then one cond node that holds both branches as subgraphs
print(ops[:3])
# > ['aten.sum.default', 'aten.gt.Scalar', 'cond']
print(
    torch.equal(ep.module()(-x.abs()), -x.abs() - 1),
    torch.equal(ep.module()(x.abs()), x.abs() * 2),
)
# > True True
