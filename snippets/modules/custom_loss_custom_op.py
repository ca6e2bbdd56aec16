import numpy as np
import torch


# A kernel autograd cannot look into: NumPy here, C++/CUDA/Triton in practice.
def np_cube(x):
    return torch.from_numpy(np.power(x.detach().numpy(), 3))


x = torch.tensor([1.0, 2.0], requires_grad=True)
print(np_cube(x).requires_grad)  # no graph: a loss built on it cannot train
# > False


# Wrap it as an operator torch knows (torch 2.4+), then give it a backward.
@torch.library.custom_op("qa_demo::cube", mutates_args=())
def cube(x: torch.Tensor) -> torch.Tensor:
    return np_cube(x)


@cube.register_fake  # output shape and dtype, for torch.compile's tracing
def _(x):
    return torch.empty_like(x)


def setup_context(ctx, inputs, output):
    ctx.save_for_backward(inputs[0])


def backward(ctx, grad):
    (x,) = ctx.saved_tensors
    return grad * 3 * x**2  # d(x^3)/dx


cube.register_autograd(backward, setup_context=setup_context)
cube(x).sum().backward()
print(x.grad)
# > tensor([ 3., 12.])

# fullgraph=True raises on a graph break: the op compiles as one opaque node
compiled = torch.compile(lambda t: cube(t) * 2, backend="eager", fullgraph=True)
print(compiled(torch.tensor([2.0])))
# > tensor([16.])
