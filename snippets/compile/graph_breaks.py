import numpy as np
import torch


def scale_by_max(x):
    m = x.abs().max().item()  # a Python float: its value is unknown while tracing
    return x / m


def data_dependent(x):
    if x.sum() > 0:  # the branch depends on a tensor's value
        return x * 2
    return x - 1


def branch_free(x):
    # same result, no Python branch on data
    return torch.where(x.sum() > 0, x * 2, x - 1)


def shape_branch(x):
    # decided while tracing (shapes are known) and guarded: no break
    if x.shape[0] > 2:
        return x * 2
    return x - 1


def with_numpy(x):
    # Dynamo traces NumPy calls as tensor ops (torch._dynamo.config.trace_numpy)
    return torch.from_numpy(np.sin(x.numpy()) * 2)


def numpy_printing(x):
    # a NumPy function with no torch equivalent does break the graph
    return x + len(np.array2string(x.numpy()))


x = torch.ones(4)
for fn in (
    scale_by_max,
    data_dependent,
    branch_free,
    shape_branch,
    with_numpy,
    numpy_printing,
):
    report = torch._dynamo.explain(fn)(x)  # traces, runs fn, and reports
    # graphs, breaks, and the first line of each break's reason
    reasons = [str(b.reason).splitlines()[0] for b in report.break_reasons]
    counts = f"{fn.__name__} {report.graph_count} {report.graph_break_count}"
    print(counts + "".join("\n    " + r for r in reasons))
    # > scale_by_max 2 1
    # >     Unsupported Tensor.item() call with capture_scalar_outputs=False
    # > data_dependent 2 1
    # >     generic_jump TensorVariable()
    # > branch_free 1 0
    # > shape_branch 1 0
    # > with_numpy 1 0
    # > numpy_printing 2 1
    # >     attempted to trace numpy function unsupported by PyTorch


# fullgraph=True for one region: inside error_on_graph_break(True) a break is an error
@torch.compile(backend="eager")
def strict_region(x):
    with torch._dynamo.error_on_graph_break(True):
        return data_dependent(x)


try:
    strict_region(x)
except torch._dynamo.exc.Unsupported as e:
    print(type(e).__name__, "-", str(e).splitlines()[0])
    # > Unsupported - Data-dependent branching
