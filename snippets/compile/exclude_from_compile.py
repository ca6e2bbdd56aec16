import warnings

import torch


def helper(x):
    return torch.sin(x) + 1


def model(x):
    return helper(x * 2) * 3


def report(label):
    torch._dynamo.reset()
    r = torch._dynamo.explain(model)(torch.ones(4))
    # the ops in each captured graph
    ops = [
        [
            getattr(n.target, "__name__", str(n.target))
            for n in g.graph.nodes
            if n.op == "call_function"
        ]
        for g in r.graphs
    ]
    return f"{label:17} graphs={r.graph_count} breaks={r.graph_break_count} {ops}"


print(report("plain"))
# > plain             graphs=1 breaks=0 [['mul', 'sin', 'add', 'mul']]
original = helper
helper = torch.compiler.disable(original)  # runs eagerly, a break on each side
print(report("disable"))
# > disable           graphs=2 breaks=1 [['mul'], ['mul']]
try:
    torch._dynamo.disallow_in_graph(original)  # only for callables already allowed
except RuntimeError as e:
    print(str(e).split(" (")[0])
    # > disallow_in_graph is expected to be used on an already allowed callable
helper = original
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch._dynamo.disallow_in_graph(torch.sin)  # a torch op forced out of graphs
    print(report("disallow_in_graph"))
    # > disallow_in_graph graphs=3 breaks=2 [['mul'], ['add'], ['mul']]
# Dynamo now treats sin as untraceable, and warns
print(str(caught[0].message).split(" This")[0])
# > Dynamo does not know how to trace the builtin `torch._VariableFunctionsClass.sin.`
helper = torch.compiler.allow_in_graph(original)  # one opaque node, not traced
print(report("allow_in_graph"))
# > allow_in_graph    graphs=1 breaks=0 [['mul', 'helper', 'mul']]
