import inspect

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


class ShapeBranch(nn.Module):
    def forward(self, x):
        # `if` on a SHAPE: known at trace time; the taken branch is recorded
        if x.shape[0] > 4:
            return x * 2
        return x - 1


ep = export(ShapeBranch(), (x,))  # static shapes: fine, batch 3 -> x - 1
print([str(n.target) for n in ep.graph.nodes if n.op == "call_function"])
# > ['aten.sub.Tensor']
try:  # a declared Dim promises every size in its range: the branch breaks that
    export(ShapeBranch(), (x,), dynamic_shapes={"x": {0: Dim("b")}})
except torch._dynamo.exc.UserError as e:
    print(str(e).split(" For more")[0])  # and the fix it suggests:
    # > Constraints violated (b)!
    print([line.strip() for line in str(e).splitlines() if "Dim(" in line])
    # > ["b = Dim('b', max=4)"]
for n in (3, 6):  # Dim.AUTO narrows the range to where the traced branch holds
    auto = export(ShapeBranch(), (torch.randn(n, 4),), dynamic_shapes=({0: Dim.AUTO},))
    print(f"Dim.AUTO, batch {n}:", [str(r) for r in auto.range_constraints.values()])
    # > Dim.AUTO, batch 3: ['VR[2, 4]']
    # > Dim.AUTO, batch 6: ['VR[5, int_oo]']

# non-strict by default: your Python runs as plain Python at trace time;
# strict=True traces it with TorchDynamo instead
print("strict default:", inspect.signature(export).parameters["strict"].default)
# > strict default: False
SCALE = 2.0


class Global(nn.Module):
    def forward(self, x):
        return x * SCALE  # a Python float, read once at trace time


frozen = [export(Global(), (x,), strict=strict) for strict in (False, True)]
SCALE = 3.0
# only tensor ops are recorded, in both modes: the 2.0 is a constant of the graph
print("still multiply by 2.0:", [torch.equal(ep.module()(x), x * 2.0) for ep in frozen])
# > still multiply by 2.0: [True, True]


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
    print(str(e).split(" (unhinted")[0])
    # > Could not guard on data-dependent expression Eq(u0, 1)
    print("suggests draft_export():", "draft_export()" in str(e))
    # > suggests draft_export(): True
# draft_export returns a program anyway, fixed to the branch the example took and
# guarded by a runtime assert: a diagnostic, not a program to ship
draft = torch.export.draft_export(Branchy(), (x.abs(),))
print("draft, example's branch:", torch.equal(draft.module()(x.abs()), x.abs() * 2))
# > draft, example's branch: True
try:
    draft.module()(-x.abs())  # the other branch
except RuntimeError as e:
    print(str(e).split(" on node")[0])
    # > Runtime assertion failed for expression u0 >= 1


class FirstK(nn.Module):
    def __init__(self, check):
        super().__init__()
        self.check = check

    def forward(self, x, n):
        k = n.item()  # a value read from data: an unbacked symbol, unknown at trace
        if self.check:
            torch._check(k >= 1)  # what you know about it, asserted at run time
        return x[:k] if k >= 1 else x.new_zeros(1, 4)


try:
    export(FirstK(check=False), (x, torch.tensor(2)))
except RuntimeError as e:
    print(str(e).split(" (unhinted")[0])
    # > Could not guard on data-dependent expression u0 >= 1
ep = export(FirstK(check=True), (x, torch.tensor(2)))  # the check decides the `if`
print(ep.module()(x, torch.tensor(3)).shape)
# > torch.Size([3, 4])
try:
    ep.module()(x, torch.tensor(0))  # breaks what torch._check promised
except RuntimeError as e:
    print(str(e).split(" on node")[0])
    # > Runtime assertion failed for expression u0 >= 1


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
