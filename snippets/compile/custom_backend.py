import functools
import logging
import re

import torch
from functorch.compile import make_boxed_func, min_cut_rematerialization_partition
from torch._dynamo.backends.common import aot_autograd
from torch._inductor.decomposition import select_decomp_table

captured = []


# called once per captured graph
def inspect_backend(gm: torch.fx.GraphModule, example_inputs):
    captured.append(
        [(n.op, getattr(n.target, "__name__", n.target)) for n in gm.graph.nodes]
    )
    # any callable with the same signature; a real backend returns compiled code
    return gm.forward


torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2)
)
x = torch.randn(3, 4)
out = torch.compile(model, backend=inspect_backend)(x)
for op, target in captured[0]:
    if op != "placeholder":  # placeholders: the input and the four parameters
        print(op, target)  # what Dynamo captured: torch-level calls
        # > call_function linear
        # > call_function relu
        # > call_function linear
        # > output output
print(torch.allclose(out, model(x)))
# > True


# after AOTAutograd: aten ops, forward and backward as separate graphs
def aten_graphs(**inductor_steps):
    graphs = []

    def record(gm, example_inputs):
        ops = [str(n.target) for n in gm.graph.nodes if n.op == "call_function"]
        graphs.append([op.removeprefix("aten.").removesuffix(".default") for op in ops])
        return make_boxed_func(gm.forward)

    torch._dynamo.reset()
    backend = aot_autograd(fw_compiler=record, bw_compiler=record, **inductor_steps)
    loss = torch.compile(model, backend=backend)(x).sum()
    before_backward = len(graphs)
    loss.backward()
    return before_backward, graphs


before_backward, plain = aten_graphs()
# the backward graph is traced ahead of time but compiled on first use
print(before_backward, len(plain))
# > 1 2
print(*plain[0])  # plain AOTAutograd forward
# > t addmm relu detach t addmm

# Inductor's decompositions and partitioner, as aot_eager_decomp_partition runs them
_, inductor = aten_graphs(
    decompositions=select_decomp_table(),
    partition_fn=functools.partial(
        min_cut_rematerialization_partition, compiler="inductor"
    ),
)
print(*inductor[0])
# > permute addmm relu permute addmm
# ReLU's backward: one aten op in the plain graph, decomposed for Inductor
print("threshold_backward" in plain[1], "threshold_backward" in inductor[1])
# > True False
print("le.Scalar" in inductor[1], "where.self" in inductor[1])
# > True True

# the bisection ladder: Dynamo only, + AOTAutograd, + Inductor's decompositions and
# partitioner (no code generation), then Inductor itself
ladder = ["eager", "aot_eager", "aot_eager_decomp_partition", "inductor"]
print(set(ladder) <= set(torch._dynamo.list_backends(exclude_tags=())))
# > True


# the same graphs from the logs: TORCH_LOGS=graph_code,aot_graphs in code
class Titles(logging.Handler):
    def emit(self, record):
        lines = record.getMessage().splitlines()
        if lines[0] == "TRACED GRAPH":  # a graph dump: keep its title, minus the ids
            title = re.sub(r"[_ ]\d+(_\S*)?$", "", lines[1].strip(" ="))
            print(record.name.split(".__")[-1], "-", title)
            # > graph_code - __compiled_fn
            # > aot_graphs - Forward graph
            # > aot_graphs - Backward graph


torch._dynamo.reset()
torch._logging.set_logs(graph_code=True, aot_graphs=True)
for name in ("torch._dynamo", "torch._functorch._aot_autograd"):
    logging.getLogger(name).addHandler(Titles())
torch.compile(model, backend="aot_eager")(x).sum().backward()
