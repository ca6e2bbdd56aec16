import logging

import torch

torch.manual_seed(0)
graphs, runs, logged = [], [], []


# records which compiled graph serves each call
def counting_backend(gm, example_inputs):
    index = len(graphs)
    graphs.append(gm)

    def run(*args):
        runs.append(index)
        return gm.forward(*args)

    return run


class Keep(logging.Handler):
    def emit(self, record):
        logged.append(record.getMessage().splitlines()[0])


# Dynamo's loggers print warnings to stderr; keep a copy of their first lines
logging.getLogger("torch._dynamo").addHandler(Keep())


def activate(x, kind):
    if kind == "relu":
        return torch.relu(x)
    if kind == "tanh":
        return torch.tanh(x)
    return torch.sigmoid(x)


# defaults: graphs per function (per guarded object), and for all of them together
config = torch._dynamo.config
print(config.recompile_limit, config.accumulated_recompile_limit)
# > 8 256
limited = torch.compile(activate, backend=counting_backend, recompile_limit=2)
x = torch.randn(4)
# strings are always specialized: one graph per value
for kind in ["relu", "tanh", "sigmoid", "relu", "sigmoid"]:
    out = limited(x, kind)
# past the limit, "sigmoid" runs eagerly (and correctly), "relu" still uses its graph
print(len(graphs), runs, torch.allclose(out, torch.sigmoid(x)))
# > 2 [0, 1, 0] True
print(logged)  # once, at the first call past the limit
# > ['torch._dynamo hit config.recompile_limit (2)']

torch._dynamo.reset()
logged.clear()
# the cap on all graphs of a function stops it the same way
with config.patch(accumulated_recompile_limit=2):
    capped = torch.compile(activate, backend=counting_backend)
    for kind in ["relu", "tanh", "sigmoid"]:
        capped(x, kind)
print(logged)
# > ['torch._dynamo hit config.accumulated_recompile_limit (2)']

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
