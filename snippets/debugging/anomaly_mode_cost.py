import warnings

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 1))
x = torch.randn(4, 8)


def graph_nodes(fn):  # every node of the autograd graph below fn
    seen, stack = [], [fn]
    while stack:
        node = stack.pop()
        if node is not None and node not in seen:
            seen.append(node)
            stack += [next_fn for next_fn, _ in node.next_functions]
    return seen


out = model(x).sum()
print(any("traceback_" in node.metadata for node in graph_nodes(out.grad_fn)))
# > False

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # or torch.autograd.set_detect_anomaly(True) for the whole run
    with torch.autograd.detect_anomaly():
        out = model(x).sum()
    # keep the traces, skip the NaN check of each node
    with torch.autograd.detect_anomaly(check_nan=False):
        check_nan = torch.is_anomaly_check_nan_enabled()
print(caught[0].message)
# > Anomaly Detection has been enabled. This mode will increase the runtime and should only be enabled for debugging.
nodes = [n for n in graph_nodes(out.grad_fn) if type(n).__name__ != "AccumulateGrad"]
# a Python stack trace per op
print(len(nodes), all("traceback_" in n.metadata for n in nodes))
# > 6 True
print(nodes[0].metadata["traceback_"][-1].splitlines()[-1].strip())
# > out = model(x).sum()
print(check_nan)
# > False
