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

# allow_in_graph: Dynamo runs the function once on fake tensors; an AOT backend
# (Inductor is one) traces it again and runs only the traced graph, with no guard
# on what the function read. Backend "eager" calls the function itself each time.
state = {"scale": 2.0}
runs = []


@torch.compiler.allow_in_graph
def scaled(x):
    runs.append(type(x).__name__)  # a side effect
    return x * state["scale"]  # a Python value, read when traced


for backend in ["eager", "aot_eager"]:
    torch._dynamo.reset()
    runs.clear()
    state["scale"] = 2.0
    f = torch.compile(lambda x: scaled(x) + 0, backend=backend)
    first = f(torch.ones(2)).tolist()
    state["scale"] = 3.0
    second = f(torch.ones(2)).tolist()
    real = runs.count("Tensor")  # calls on real tensors; the rest are traces
    traced = len(runs) - real
    print(f"{backend:9} {first} {second} real calls: {real}, traces: {traced}")
    # > eager     [2.0, 2.0] [3.0, 3.0] real calls: 2, traces: 1
    # > aot_eager [2.0, 2.0] [2.0, 2.0] real calls: 0, traces: 3


@torch.compiler.allow_in_graph
def gate(x):
    if x.sum() > 0:  # needs a value: a fake tensor has none
        return x * 2
    return x - 1


# a data-dependent branch is not frozen: Dynamo gives up on the node and traces
# into the function, with graph breaks
torch._dynamo.reset()
r = torch._dynamo.explain(lambda x: gate(x) + 0)(torch.ones(2))
print(f"graphs={r.graph_count} breaks={r.graph_break_count}")
# > graphs=3 breaks=2
g = torch.compile(lambda x: gate(x) + 0, backend="aot_eager")
print(g(torch.ones(2)), g(-torch.ones(2)))  # both branches right
# > tensor([2., 2.]) tensor([-2., -2.])
