import textwrap

import torch


class MulCtx(torch.autograd.Function):
    """The older style: ctx is forward's first argument."""

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a * b

    @staticmethod
    def backward(ctx, grad_out):
        a, b = ctx.saved_tensors
        return grad_out * b, grad_out * a


asked = []


class Mul(torch.autograd.Function):
    """forward without ctx, plus setup_context: usable under torch.func."""

    generate_vmap_rule = True  # let vmap run forward and backward on batched inputs

    @staticmethod
    def forward(a, b):
        return a * b

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(*inputs)

    @staticmethod
    def backward(ctx, grad_out):
        a, b = ctx.saved_tensors
        asked.append(ctx.needs_input_grad)  # compute only the gradients asked for
        grad_a = grad_out * b if ctx.needs_input_grad[0] else None
        grad_b = grad_out * a if ctx.needs_input_grad[1] else None
        return grad_a, grad_b


a, b = torch.tensor([3.0], requires_grad=True), torch.tensor([5.0])
MulCtx.apply(a, b).sum().backward()  # both styles work with plain autograd
Mul.apply(a, b).sum().backward()
print(a.grad, asked)
# > tensor([10.]) [(True, False)]

a, b = torch.tensor([3.0]), torch.tensor([5.0])
try:
    torch.func.grad(lambda t: MulCtx.apply(t, b).sum())(a)
except RuntimeError as e:
    print(textwrap.fill(str(e).split(". For more")[0], 80))
    # > In order to use an autograd.Function with functorch transforms (vmap, grad, jvp,
    # > jacrev, ...), it must override the setup_context staticmethod
print(torch.func.grad(lambda t: Mul.apply(t, b).sum())(a))
# > tensor([5.])
print(torch.vmap(Mul.apply)(torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])))
# > tensor([3., 8.])
