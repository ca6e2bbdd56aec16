import numpy as np
import torch


# A kernel torch.compile cannot trace: np.polyval here (x**3), a C++/CUDA extension in
# practice.
def np_cube(x):
    out = np.polyval([1.0, 0.0, 0.0, 0.0], x.detach().numpy())
    return torch.from_numpy(out).to(x.dtype)


x = torch.tensor([1.0, 2.0], requires_grad=True)
print(np_cube(x).requires_grad)  # no graph: a loss built on it cannot train
# > False


def setup_context(ctx, inputs, output):
    ctx.save_for_backward(inputs[0])


def backward(ctx, grad):
    (x,) = ctx.saved_tensors
    return grad * 3 * x**2  # d(x^3)/dx


# Eager mode: an autograd.Function with a hand-written backward is enough.
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return np_cube(x)

    setup_context = staticmethod(setup_context)
    backward = staticmethod(backward)


Cube.apply(x).sum().backward()
print(x.grad)
# > tensor([ 3., 12.])

# torch.compile cannot trace the kernel: fullgraph=True turns the graph break into an
# error.
try:
    f = torch.compile(lambda t: np_cube(t) * 2, backend="eager", fullgraph=True)
    f(torch.ones(1))
except torch._dynamo.exc.Unsupported as e:
    print(str(e).splitlines()[0])
    # > attempted to trace numpy function unsupported by PyTorch


# Not every NumPy call is a kernel it cannot trace: Dynamo rewrites np.power into torch
# ops, so the same function with np.power compiles as one graph.
def np_cube_power(x):
    return torch.from_numpy(np.power(x.detach().numpy(), 3))


f = torch.compile(lambda t: np_cube_power(t) * 2, backend="eager", fullgraph=True)
print(f(torch.tensor([1.0, 2.0])))
# > tensor([ 2., 16.])


# A custom op (torch 2.4+) is an operator torch knows: its fake version gives the
# output's shape and dtype, all that torch.compile's tracing needs.
@torch.library.custom_op("qa_demo::cube", mutates_args=())
def cube(x: torch.Tensor) -> torch.Tensor:
    return np_cube(x)


@cube.register_fake
def _(x):
    return torch.empty_like(x)


cube.register_autograd(backward, setup_context=setup_context)
x.grad = None
cube(x).sum().backward()
print(x.grad)
# > tensor([ 3., 12.])


def show_ops(graph_module, example_inputs):  # a backend that prints the graph's calls
    calls = [n.target for n in graph_module.graph.nodes if n.op == "call_function"]
    print([str(c) for c in calls])
    # > ['qa_demo.cube.default', '<built-in function mul>']
    return graph_module.forward


# the whole function is one graph, and the kernel one opaque node in it
torch.compile(lambda t: cube(t) * 2, backend=show_ops, fullgraph=True)(torch.ones(1))
