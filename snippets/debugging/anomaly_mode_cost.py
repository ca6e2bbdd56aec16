import textwrap
import warnings
from collections import Counter

import torch
from torch import nn
from torch.profiler import profile

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


def backward_ops(out):  # the ops the backward pass runs, counted
    with profile() as prof:
        out.backward()
    return Counter(event.name for event in prof.events())


out = model(x).sum()
print(any("traceback_" in node.metadata for node in graph_nodes(out.grad_fn)))
# > False
plain = backward_ops(out)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # or torch.autograd.set_detect_anomaly(True) for the whole run
    with torch.autograd.detect_anomaly():
        out = model(x).sum()
        nodes = graph_nodes(out.grad_fn)
        checked = backward_ops(out)
    with torch.autograd.detect_anomaly(check_nan=False):
        out_no_nan = model(x).sum()
        unchecked = backward_ops(out_no_nan)
print(textwrap.fill(str(caught[0].message), 80))
# > Anomaly Detection has been enabled. This mode will increase the runtime and
# > should only be enabled for debugging.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.autograd.set_detect_anomaly(True)  # the same mode, without a warning
    enabled = torch.is_anomaly_enabled()
    torch.autograd.set_detect_anomaly(False)
print(enabled, len(caught))
# > True 0

nodes = [n for n in nodes if type(n).__name__ != "AccumulateGrad"]
# forward: a Python stack trace per op
print(len(nodes), all("traceback_" in n.metadata for n in nodes))
# > 6 True
print(nodes[0].metadata["traceback_"][-1].splitlines()[-1].strip())
# > out = model(x).sum()
# backward: one isnan check and one .item() per gradient a node passes on
passed_on = sum(f is not None for n in nodes for f, _ in n.next_functions)
print(checked["aten::isnan"], checked["aten::item"], passed_on)
# > 9 9 9
# without anomaly mode: neither
print(plain["aten::isnan"], plain["aten::item"])
# > 0 0
# check_nan=False: the traces stay, the checks go
print(
    "traceback_" in out_no_nan.grad_fn.metadata,
    unchecked["aten::isnan"],
    unchecked["aten::item"],
)
# > True 0 0
