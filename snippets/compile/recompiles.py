import torch

graphs = []


def counting_backend(gm, example_inputs):  # a backend is called once per (re)compilation
    graphs.append(gm)
    return gm.forward  # run the captured graph as is


@torch.compile(backend=counting_backend)
def scale(x, factor):
    return x * factor


scale(torch.randn(2), 2)
scale(torch.randn(2), 2)
print(len(graphs))  # second call: guards pass (same shape, same factor), the cached graph runs
# > 1
scale(torch.randn(3), 2)
print(len(graphs))  # new shape: recompile, now with a symbolic size ("automatic dynamic")
# > 2
scale(torch.randn(7), 2)
print(len(graphs))  # the dynamic graph serves every size
# > 2
scale(torch.randn(7), 3)
scale(torch.randn(7), 4)
print(len(graphs))  # a Python int is baked in as a constant until it changes once, then it becomes an input
# > 3


@torch.compile(backend=counting_backend, recompile_limit=2)  # default: torch._dynamo.config.recompile_limit
def activate(x, kind):
    return torch.relu(x) if kind == "relu" else torch.tanh(x) if kind == "tanh" else torch.sigmoid(x)


graphs.clear()
x = torch.randn(4)
for kind in ["relu", "tanh", "sigmoid"]:  # strings are always specialized: one graph per value
    out = activate(x, kind)
print(len(graphs), torch.allclose(out, torch.sigmoid(x)))  # past the limit: runs eagerly, still correct
# > 2 True
print(torch._dynamo.config.recompile_limit)
# > 8
