import torch

for mode in [
    "default",
    "reduce-overhead",
    "max-autotune",
    "max-autotune-no-cudagraphs",
]:
    # the Inductor options each mode turns on
    print(f"{mode:27}", torch._inductor.list_mode_options(mode))
    # > default                     {}
    # > reduce-overhead             {'triton.cudagraphs': True}
    # > max-autotune                {'max_autotune': True, 'triton.cudagraphs': True, 'coordinate_descent_tuning': True}
    # > max-autotune-no-cudagraphs  {'max_autotune': True, 'coordinate_descent_tuning': True}


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
