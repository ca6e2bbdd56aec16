import torch
from functorch.compile import make_boxed_func
from torch._dynamo.backends.common import aot_autograd

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

aten_graphs = []


# after AOTAutograd: aten ops, forward and backward as separate graphs
def aten_backend(gm, example_inputs):
    aten_graphs.append(
        [str(n.target) for n in gm.graph.nodes if n.op == "call_function"]
    )
    return make_boxed_func(gm.forward)


torch._dynamo.reset()
loss = torch.compile(
    model, backend=aot_autograd(fw_compiler=aten_backend, bw_compiler=aten_backend)
)(x).sum()
print(*aten_graphs[0])  # the forward graph, as Inductor would receive it
# > aten.t.default aten.addmm.default aten.relu.default aten.detach.default aten.t.default aten.addmm.default
# the backward graph was traced ahead of time; it is compiled on first use
loss.backward()
# ReLU's backward
print(len(aten_graphs), "aten.threshold_backward.default" in aten_graphs[1])
# > 2 True
