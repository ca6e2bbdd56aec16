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


x = torch.ones(4)
for fn in (scale_by_max, data_dependent, branch_free):
    report = torch._dynamo.explain(fn)(x)  # traces, runs fn, and reports
    reasons = [str(b.reason).splitlines()[0] for b in report.break_reasons]
    print(fn.__name__, report.graph_count, report.graph_break_count, reasons)
    # > scale_by_max 2 1 ['Unsupported Tensor.item() call with capture_scalar_outputs=False']
    # > data_dependent 2 1 ['generic_jump TensorVariable()']
    # > branch_free 1 0 []
