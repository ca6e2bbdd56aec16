import os
import tempfile

import torch
from torch._inductor import config
from torch._inductor.runtime.cache_dir_utils import default_cache_dir

# Inductor's code generators: C++ (with OpenMP) for CPU, Triton for CUDA GPUs
print(config.cpu_backend, config.cuda_backend)
# > cpp triton
# the on-disk caches that let the next process skip most of the compile
print(config.fx_graph_cache, torch._functorch.config.enable_autograd_cache)
# > True True
# kept in the temporary folder unless TORCHINDUCTOR_CACHE_DIR names another
where = default_cache_dir()
print(os.path.dirname(where) == tempfile.gettempdir(), os.path.basename(where)[:14])
# > True torchinductor_

torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Linear(8, 16), torch.nn.GELU(), torch.nn.Linear(16, 4)
)
compiled = torch.compile(model)  # cheap: returns a wrapper; nothing is compiled yet

x = torch.randn(5, 8)
# first call: Dynamo captures a graph, Inductor generates and compiles C++ (seconds)
out = compiled(x)
# same math, fused kernels; equal up to float rounding
print(torch.allclose(out, model(x), atol=1e-6))
# > True
# a wrapper sharing the original parameters
print(type(compiled).__name__, compiled._orig_mod is model)
# > OptimizedModule True
# the wrapper's keys gain a prefix: save model.state_dict()
print(next(iter(compiled.state_dict())))
# > _orig_mod.0.weight

# the in-place alternative: compiles on the next call, keeps the module and its keys
model.compile()
print(type(model).__name__, next(iter(model.state_dict())))
# > Sequential 0.weight


# regional compilation: each layer compiled, one graph shared by identical layers
graphs = []


def counting_backend(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


class Layer(torch.nn.Module):
    def __init__(self, index):
        super().__init__()
        self.linear = torch.nn.Linear(4, 4)
        self.index = index

    def forward(self, x):
        return torch.relu(self.linear(x)) + x


class IndexedLayer(Layer):
    def forward(self, x):
        return torch.relu(self.linear(x)) * self.index + x  # an int per layer


def run(layer_type):
    torch._dynamo.reset()
    graphs.clear()
    layers = [layer_type(i) for i in range(10)]
    for layer in layers:
        layer.compile(backend=counting_backend)
    x = torch.randn(2, 4, requires_grad=True)
    for layer in layers:
        x = layer(x)
    inputs = [n.name for n in graphs[-1].graph.find_nodes(op="placeholder")]
    return len(graphs), "l_self_index" in inputs


print(run(Layer))
# > (1, False)
# one graph per index, until recompile_limit (8): layers 9 and 10 run eagerly
print(run(IndexedLayer))
# > (8, False)
with torch._dynamo.config.patch(allow_unspec_int_on_nn_module=True):
    print(run(IndexedLayer))  # the index becomes an input of the second graph
    # > (2, True)
