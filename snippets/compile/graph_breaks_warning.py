import logging
import os
import warnings

import torch

logged = []


class Keep(logging.Handler):
    def emit(self, record):
        logged.append(record.getMessage().splitlines()[0])


# Dynamo's loggers print warnings to stderr; keep a copy of their first lines
logging.getLogger("torch._dynamo").addHandler(Keep())


@torch.compile(backend="eager")
def data_dependent(x):
    if x.sum() > 0:
        return x * 2
    return x - 1


@torch.compile(backend="eager")
def scale_by_max(x):
    return x / x.abs().max().item()


@torch.compile(backend="eager")
def cwd_length(x):
    return x + len(os.getcwd())  # a C function that Dynamo cannot trace


if __name__ == "__main__":  # a fresh interpreter: each warning comes once
    x = torch.ones(4)
    for fn in (data_dependent, scale_by_max, cwd_length):
        logged.clear()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            fn(x)  # all three break the graph
        print(fn.__name__, logged, [w.category.__name__ for w in caught])
        # > data_dependent [] []
        # > scale_by_max ['Graph break from `Tensor.item()`, consider setting:'] []
        # > cwd_length [] ['UserWarning']
    print(str(caught[0].message).split(" This")[0])  # its first sentence
    # > Dynamo does not know how to trace the builtin `posix.getcwd.`

    # TORCH_LOGS=graph_breaks, set in code: every break is logged, with its reason
    torch._logging.set_logs(graph_breaks=True)
    torch._dynamo.reset()
    logged.clear()
    data_dependent(x)
    where, line = logged[0].rsplit(":", 1)
    print(where.split(" at ")[0], "at line", line)  # the `if x.sum() > 0:` line
    # > Graph break in user code at line 21
