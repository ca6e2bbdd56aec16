import torch

torch.manual_seed(0)
graphs, runs = [], []


# records which compiled graph serves each call
def counting_backend(gm, example_inputs):
    index = len(graphs)
    graphs.append(gm)

    def run(*args):
        runs.append(index)
        return gm.forward(*args)

    return run


def activate(x, kind):
    if kind == "relu":
        return torch.relu(x)
    if kind == "tanh":
        return torch.tanh(x)
    return torch.sigmoid(x)


# default: torch._dynamo.config.recompile_limit
print(torch._dynamo.config.recompile_limit)
# > 8
limited = torch.compile(activate, backend=counting_backend, recompile_limit=2)
x = torch.randn(4)
# strings are always specialized: one graph per value
for kind in ["relu", "tanh", "sigmoid", "relu", "sigmoid"]:
    out = limited(x, kind)
# past the limit, "sigmoid" runs eagerly (and correctly), "relu" still uses its graph
print(len(graphs), runs, torch.allclose(out, torch.sigmoid(x)))
# > 2 [0, 1, 0] True

torch._dynamo.reset()
strict = torch.compile(
    activate, backend=counting_backend, recompile_limit=2, fullgraph=True
)
try:
    for kind in ["relu", "tanh", "sigmoid"]:
        strict(x, kind)
except torch._dynamo.exc.FailOnRecompileLimitHit as e:
    # with fullgraph=True, hitting the limit is an error
    print(type(e).__name__, "-", e)
    # > FailOnRecompileLimitHit - Hard failure due to fullgraph=True
