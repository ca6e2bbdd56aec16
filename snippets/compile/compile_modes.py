import torch
from torch._inductor import config

for mode in [
    "default",
    "reduce-overhead",
    "max-autotune",
    "max-autotune-no-cudagraphs",
]:
    # the Inductor options each mode turns on (autotune: max_autotune, coordesc:
    # coordinate_descent_tuning), and last whatever else it sets: nothing
    options = torch._inductor.list_mode_options(mode)
    cudagraphs = options.pop("triton.cudagraphs", False)
    autotune = options.pop("max_autotune", False)
    coordesc = options.pop("coordinate_descent_tuning", False)
    print(
        f"{mode:27} cudagraphs={cudagraphs!s:5} autotune={autotune!s:5}",
        f"coordesc={coordesc!s:5}",
        options,
    )
    # > default                     cudagraphs=False autotune=False coordesc=False {}
    # > reduce-overhead             cudagraphs=True  autotune=False coordesc=False {}
    # > max-autotune                cudagraphs=True  autotune=True  coordesc=True  {}
    # > max-autotune-no-cudagraphs  cudagraphs=False autotune=True  coordesc=True  {}

# CUDA graphs and changing shapes: one recording per distinct shape, not an error;
# a warning once a function has recorded more than 8
print(
    config.triton.cudagraph_skip_dynamic_graphs,
    config.triton.cudagraph_dynamic_shape_warn_limit,
)
# > False 8
# graph partitioning: Inductor splits a graph at CPU ops and records the GPU parts;
# an input that a recorded CUDA graph produced may be mutated
print(config.graph_partition, config.triton.cudagraph_support_input_mutation)
# > True True
# off unless a mode turns them on, or options={"triton.cudagraphs": True}
print(config.triton.cudagraphs)
# > False


# one graph or an error, instead of silent graph breaks
@torch.compile(backend="eager", fullgraph=True)
def step(x):
    if x.sum() > 0:
        return x * 2
    return x


try:
    step(torch.ones(3))
except torch._dynamo.exc.Unsupported as e:
    print(type(e).__name__, "-", str(e).splitlines()[0])
    # > Unsupported - Data-dependent branching


@torch.compile(backend="eager", fullgraph=True)
def normalize(x):
    # .item() breaks the graph by default; under fullgraph=True it is captured
    return x / x.abs().max().item()


x = torch.tensor([1.0, -4.0, 2.0])
print(normalize(x))
# > tensor([ 0.2500, -1.0000,  0.5000])
