import logging

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


if __name__ == "__main__":  # a fresh interpreter: the .item() warning comes once
    x = torch.ones(4)
    for fn in (data_dependent, scale_by_max):
        logged.clear()
        fn(x)  # both break the graph (see explain above)
        print(fn.__name__, logged)
        # > data_dependent []
        # > scale_by_max ['Graph break from `Tensor.item()`, consider setting:']
