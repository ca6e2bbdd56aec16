import torch
from torch.autograd import gradcheck


class RoundSTE(torch.autograd.Function):
    """Straight-through estimator: round in forward, identity in backward."""

    @staticmethod
    def forward(x):
        return x.round()

    @staticmethod
    def setup_context(ctx, inputs, output):
        pass  # the backward needs nothing from forward

    @staticmethod
    def backward(ctx, grad_out):
        return grad_out  # the true derivative of round() is 0 almost everywhere


class Swish(torch.autograd.Function):
    """x * sigmoid(x) with a hand-written backward."""

    @staticmethod
    def forward(x):
        return x * torch.sigmoid(x)

    @staticmethod
    def setup_context(ctx, inputs, output):
        (x,) = inputs
        ctx.save_for_backward(x)  # tensors go through save_for_backward

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        s = torch.sigmoid(x)
        return grad_out * (s + x * s * (1 - s))  # one gradient per forward input


x = torch.tensor([0.2, 1.7, -0.6], requires_grad=True)
RoundSTE.apply(x).sum().backward()  # call .apply, never .forward
print(x.round().detach(), x.grad)
# > tensor([ 0.,  2., -1.]) tensor([1., 1., 1.])
x.grad = None
x.round().sum().backward()  # what plain round() gives: no learning signal
print(x.grad)
# > tensor([0., 0., 0.])

torch.manual_seed(0)
inp = torch.randn(5, dtype=torch.float64, requires_grad=True)  # gradcheck needs float64
print(gradcheck(Swish.apply, (inp,)))  # analytic backward matches finite differences
# > True
print(torch.allclose(Swish.apply(inp), torch.nn.functional.silu(inp)))
# > True
try:
    # an STE fails it by design: its backward is not round's derivative
    gradcheck(RoundSTE.apply, (inp,))
except RuntimeError as e:  # torch.autograd.gradcheck.GradcheckError
    print(str(e).splitlines()[0])
    # > Jacobian mismatch for output 0 with respect to input 0,
