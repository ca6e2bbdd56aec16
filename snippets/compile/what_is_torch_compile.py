import torch
from torch._inductor import config

# Inductor's code generators: C++ (with OpenMP) for CPU, Triton for CUDA GPUs
print(config.cpu_backend, config.cuda_backend)
# > cpp triton
# the on-disk caches that let the next process skip most of the compile
print(config.fx_graph_cache, torch._functorch.config.enable_autograd_cache)
# > True True

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
