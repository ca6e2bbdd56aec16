import torch

graphs = []


# a backend is called once per (re)compilation
def counting_backend(gm, example_inputs):
    graphs.append(gm)
    return gm.forward  # run the captured graph as is


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
print(len(graphs))  # the dynamic graph serves every size
# > 2
scale(torch.randn(7), 3)
scale(torch.randn(7), 4)
# a Python int is baked in as a constant until it changes once, then it becomes an input
print(len(graphs))
# > 3


# default: torch._dynamo.config.recompile_limit
@torch.compile(backend=counting_backend, recompile_limit=2)
def activate(x, kind):
    return (
        torch.relu(x)
        if kind == "relu"
        else torch.tanh(x)
        if kind == "tanh"
        else torch.sigmoid(x)
    )


graphs.clear()
x = torch.randn(4)
# strings are always specialized: one graph per value
for kind in ["relu", "tanh", "sigmoid"]:
    out = activate(x, kind)
# past the limit: runs eagerly, still correct
print(len(graphs), torch.allclose(out, torch.sigmoid(x)))
# > 2 True
print(torch._dynamo.config.recompile_limit)
# > 8
